import type { MediaRecord } from '../../../src/contract/record'
import { cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { fileIdsInUrl } from '../files/file-references'
import { configuredCloudName } from '../store'
import { readManifest } from '../uploads/upload-service'
import type { SyncContext } from './sync-context'

/** Reading a file for its asset failed; the cause is logged, never written on the record. */
export class FileUnreadableError extends Error {
  override name = 'FileUnreadableError'
}

export type FileBytes =
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Larger than the asset limit: no asset, as for a file the record says is too large. */
  | { kind: 'too-large' }
  /** On a host the mirror does not fetch from: never requested. */
  | { kind: 'foreign' }

/** How long fetching one file from Cloudinary may take. */
const FETCH_TIMEOUT_MS = 60_000

/**
 * A file's bytes for the asset upload. The server never fetches an address a record names unless it is
 * this site's Cloudinary cloud: a built-in file (`/api/files/{id}`, on any host) is read from storage,
 * never over HTTP; a delivery URL of the configured cloud is fetched without following redirects and
 * read up to `limit` bytes; any other URL is not requested at all. The size on the record is only what
 * the client said, so the real size is checked here.
 */
export async function readFileBytes(
  context: Pick<SyncContext, 'stores' | 'cloudName' | 'fetch'>,
  record: MediaRecord,
  limit: number,
): Promise<FileBytes> {
  const [fileId] = fileIdsInUrl(record.media_url)
  try {
    if (fileId) {
      const manifest = await readManifest(context.stores.documents, fileId)
      if (!manifest) throw new FileUnreadableError(`built-in file ${fileId} is gone`)
      if (manifest.size > limit) return { kind: 'too-large' }
      const parts = await Promise.all(manifest.chunks.map((chunk) => context.stores.bytes.get(chunk.key)))
      if (parts.some((part) => part === null)) throw new FileUnreadableError(`a chunk of ${fileId} is gone`)
      return { kind: 'bytes', bytes: Buffer.concat(parts as Uint8Array[]) }
    }
    const cloudName = context.cloudName === undefined ? configuredCloudName() : context.cloudName
    const asset = cloudinaryAssetOf(record.media_url)
    if (!asset || !cloudName || asset.cloudName !== cloudName) return { kind: 'foreign' }
    return await fetchCapped(context.fetch ?? fetch, record.media_url, limit)
  } catch (error) {
    console.error(`Could not read the file of record ${String(record.id)} for its Webflow asset`, error)
    if (error instanceof FileUnreadableError) throw error
    throw new FileUnreadableError('the file could not be read', { cause: error })
  }
}

/** Fetches `url` without following redirects, and stops reading (aborting the request) past `limit`. */
async function fetchCapped(fetchImpl: typeof fetch, url: string, limit: number): Promise<FileBytes> {
  const controller = new AbortController()
  const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)])
  const response = await fetchImpl(url, { redirect: 'error', signal })
  if (!response.ok || !response.body) {
    controller.abort()
    throw new FileUnreadableError(`fetching the file answered ${String(response.status)}`)
  }
  if (Number(response.headers.get('content-length') ?? '0') > limit) {
    controller.abort()
    return { kind: 'too-large' }
  }
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      controller.abort()
      await reader.cancel().catch(() => undefined)
      return { kind: 'too-large' }
    }
    parts.push(value)
  }
  return { kind: 'bytes', bytes: Buffer.concat(parts) }
}
