import type { DocumentStore } from '../storage/document-store'

/**
 * Where share links are kept (decision 0041): `shares/{file id}/{random}`, so a file's links are one
 * listing. Apart from `share-links.ts` so that purging files, which sweeps their links, carries none of
 * the signing and serving.
 */
export const SHARE_PREFIX = 'shares/'

export const sharesPrefixOf = (fileId: number) => `${SHARE_PREFIX}${String(fileId)}/`

/** The file id a share's key names, or null for a key not shaped like one. */
function fileIdOfKey(key: string): number | null {
  const match = /^shares\/(\d{1,16})\//.exec(key)
  return match ? Number(match[1]) : null
}

/** Share documents removed at once: a purge of 500 files with 50 links each stays a bounded fan-out. */
const REMOVALS_AT_ONCE = 50

/**
 * Removes every share link of the files `fileIds`, which were deleted for good: their links would
 * only answer that the file is gone, until they expired. One file's links are one listing; more files'
 * are one listing of every share, so a purge of many files costs one listing, not one per file. Returns
 * how many were removed.
 */
export async function removeSharesOf(documents: DocumentStore, fileIds: readonly number[]): Promise<number> {
  const wanted = new Set(fileIds)
  if (wanted.size === 0) return 0
  const [only] = wanted
  const listed = await documents.list(
    wanted.size === 1 && only !== undefined ? sharesPrefixOf(only) : SHARE_PREFIX,
  )
  const keys = listed.map(({ key }) => key).filter((key) => wanted.has(fileIdOfKey(key) ?? 0))
  for (let start = 0; start < keys.length; start += REMOVALS_AT_ONCE) {
    await Promise.all(keys.slice(start, start + REMOVALS_AT_ONCE).map((key) => documents.remove(key)))
  }
  return keys.length
}
