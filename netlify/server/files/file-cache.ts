import { purgeCache } from '@netlify/functions'

/**
 * Netlify's CDN may keep a built-in file's responses (they are `public, immutable`). Each carries the
 * file's cache tag, and removing the file purges that tag, so a removed file stops being served from
 * the CDN too. `Netlify-Cache-Tag` is read by Netlify's CDN only and not passed on to browsers.
 */
export const FILE_CACHE_TAG_HEADER = 'Netlify-Cache-Tag'

export function fileCacheTag(fileId: string): string {
  return `file-${fileId}`
}

/** Purges every cached response carrying one of `tags`. */
export type PurgeTags = (tags: string[]) => Promise<void>

/** A purge that does not answer in this time is given up (and logged); the removal goes on. */
const PURGE_TIMEOUT_MS = 5_000

let replaced: PurgeTags | undefined

/** Replaces the purge (a test's recorder); `undefined` restores Netlify's purge API. */
export function replaceCachePurge(purge: PurgeTags | undefined): void {
  replaced = purge
}

/**
 * Netlify's purge API, when there is something to purge against: deployed functions get a purge token
 * in their environment; `netlify dev` and tests have none and no CDN, so there is nothing to call.
 */
function platformPurge(): PurgeTags | null {
  if (!process.env.NETLIFY_PURGE_API_TOKEN) return null
  return (tags) => purgeCache({ tags })
}

/**
 * Purges the CDN's copies of removed files. Never throws and never waits longer than
 * `PURGE_TIMEOUT_MS`: a failed purge is logged, and the file is gone from storage either way.
 */
export async function purgeFileCache(fileIds: readonly string[]): Promise<void> {
  const purge = replaced ?? platformPurge()
  if (!purge || fileIds.length === 0) return
  const tags = fileIds.map(fileCacheTag)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer in ${String(PURGE_TIMEOUT_MS)} ms`))
    }, PURGE_TIMEOUT_MS)
  })
  try {
    await Promise.race([purge(tags), timeout])
  } catch (error) {
    console.error(`Could not purge the CDN cache of ${tags.join(', ')}`, error)
  } finally {
    clearTimeout(timer)
  }
}
