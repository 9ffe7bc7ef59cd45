import { createHash } from 'node:crypto'

import { builtInFileUrl } from '../../../src/contract/upload-paths'
import {
  maxChunksFor,
  MEDIA_HOST_FOLDER,
  MIN_CHUNK_BYTES,
  type CompleteUploadStatus,
  type MediaHostResult,
  type UploadMetadata,
} from '../../../src/contract/uploads'
import { extensionOf } from '../../../src/contract/file-types'
import { mimeFromName } from '../../../src/contract/mime-from-name'
import type { FileMetadata } from '../../../src/contract/record'
import { ConflictError, InvalidInputError, NotFoundError, PayloadTooLargeError } from '../errors'
import { servingPolicy, SNIFF_BYTES } from '../files/serving-policy'
import type { ByteStore } from '../storage/byte-store'
import {
  StorageContentionError,
  StorageUnavailableError,
  type DocumentStore,
} from '../storage/document-store'
import { mutateDocument, type Mutation } from '../storage/mutate'
import { cleanFileName } from './file-names'
import { fingerprintOf, newBlockDigests } from './fingerprint'
import { imageDimensions } from './image-dimensions'
import { readStoredPdfPageCount } from './pdf-page-count'
import {
  chunkKey,
  chunkPrefix,
  createdAtOfId,
  fileManifestSchema,
  manifestKey,
  newUploadId,
  parseWith,
  uploadKey,
  uploadStateSchema,
  type FileManifest,
  type UploadState,
} from './upload-documents'
import { ChecksumMismatchError, OffsetMismatchError, UploadGoneError } from './upload-errors'

export interface MediaHostStores {
  documents: DocumentStore
  bytes: ByteStore
}

export interface MediaHostSettings {
  maxUploadBytes: number
  /** How long an unfinished upload may take before it expires and its chunks are removed. */
  expiryMs: number
}

export interface UploadProgress {
  offset: number
  length: number
  /** Absent once the upload is complete: a finished file never expires. */
  expiresAt?: Date
  /** The stored file, once the upload is complete: its result goes back with the answer that finished it. */
  file?: FileManifest
}

/** A file over the maximum is refused (413); creation checks this before reading anything else. */
export function assertUploadFits(length: number, settings: Pick<MediaHostSettings, 'maxUploadBytes'>): void {
  if (length > settings.maxUploadBytes) {
    throw new PayloadTooLargeError(`Files may be at most ${String(settings.maxUploadBytes)} bytes`)
  }
}

/**
 * tus creation: refuses a file over the maximum before anything is stored (413). A `sha256` the client
 * claims is dropped: the file's fingerprint is computed from the bytes received.
 */
export async function createUpload(
  stores: MediaHostStores,
  settings: MediaHostSettings,
  { length, metadata }: { length: number; metadata: UploadMetadata },
  now = new Date(),
): Promise<{ id: string } & UploadProgress> {
  assertUploadFits(length, settings)
  const id = newUploadId(now)
  const expiresAt = new Date(now.getTime() + settings.expiryMs)
  const { sha256: _claimed, ...kept } = metadata
  const state: UploadState = {
    id,
    length,
    offset: 0,
    chunks: [],
    blocks: [],
    metadata: { ...kept, filename: cleanFileName(metadata.filename) },
    head: '',
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  }
  if (length === 0) return { id, offset: 0, length, file: await writeManifest(stores, state, now) }
  const etag = await stores.documents.write(uploadKey(id), state, { ifNew: true })
  if (etag === null) throw new Error(`Upload id ${id} was already taken`)
  if (etag === '') throw new StorageUnavailableError(`Storage did not confirm creating upload ${id}`)
  return { id, offset: 0, length, expiresAt }
}

/**
 * tus creation-with-upload: the creation request carries the first chunk (for a small file, all of it).
 * The body is checked before anything is created (past `Upload-Length` is 413, a wrong checksum 460),
 * so a refused request leaves nothing behind. If storage fails after the upload is created, the upload
 * is answered at offset 0 and the client sends the chunk again with PATCH, as after any lost chunk.
 */
export async function createUploadWithData(
  stores: MediaHostStores,
  settings: MediaHostSettings,
  input: {
    length: number
    metadata: UploadMetadata
    bytes: Uint8Array
    checksum: string | null
    readMetadata?: MetadataReader
  },
  now = new Date(),
): Promise<{ id: string } & UploadProgress> {
  const { length, bytes, checksum, readMetadata } = input
  assertUploadFits(length, settings)
  if (bytes.length > length) {
    throw new PayloadTooLargeError(`The body runs past Upload-Length (${String(length)} bytes)`)
  }
  assertChunkAllowed({ offset: 0, size: bytes.length, length, chunks: 0 })
  if (checksum !== null) verifyChecksum(checksum, bytes)
  const created = await createUpload(stores, settings, input, now)
  if (bytes.length === 0) return created
  try {
    const chunk = { offset: 0, bytes, checksum: null, readMetadata }
    const progress = await appendChunk(stores, created.id, chunk, now)
    return { id: created.id, ...progress }
  } catch (error) {
    if (!(error instanceof StorageUnavailableError || error instanceof StorageContentionError)) throw error
    console.warn(`[upload] ${created.id}: the body sent with its creation was not stored`, error)
    return created
  }
}

/** tus HEAD: where an upload stands, including one already complete. */
export async function uploadProgress(
  stores: MediaHostStores,
  id: string,
  now = new Date(),
): Promise<UploadProgress> {
  const upload = await currentUpload(stores, id, now)
  if (!upload) throw new NotFoundError(`Upload ${id} not found`)
  if ('manifest' in upload) {
    const { size } = upload.manifest
    return { offset: size, length: size, file: upload.manifest }
  }
  const { state } = upload
  assertNotExpired(state, now)
  return { offset: state.offset, length: state.length, expiresAt: new Date(state.expires_at) }
}

/**
 * tus PATCH: stores the chunk under a fresh key, then advances the offset with a compare-and-swap. A
 * request at the wrong offset, or one that loses a race with another request for the same offset, gets
 * 409 and leaves the upload as it was. The last chunk turns the upload into a file.
 */
/**
 * Reads the metadata embedded in a file from its first chunk (`file-metadata.ts`). The tus function
 * passes it in, so the reader (exifr) stays out of the functions that only list or serve files.
 */
export type MetadataReader = (bytes: Uint8Array) => Promise<FileMetadata | null>

export async function appendChunk(
  stores: MediaHostStores,
  id: string,
  {
    offset,
    bytes,
    checksum,
    readMetadata,
  }: { offset: number; bytes: Uint8Array; checksum: string | null; readMetadata?: MetadataReader },
  now = new Date(),
): Promise<UploadProgress> {
  const upload = await currentUpload(stores, id, now)
  if (!upload) throw new NotFoundError(`Upload ${id} not found`)
  if ('manifest' in upload) {
    const { size } = upload.manifest
    if (offset === size && bytes.length === 0) return { offset: size, length: size, file: upload.manifest }
    throw new OffsetMismatchError(size)
  }
  const { state } = upload
  assertNotExpired(state, now)
  if (offset !== state.offset) throw new OffsetMismatchError(state.offset)
  if (offset + bytes.length > state.length) {
    throw new PayloadTooLargeError(`The chunk runs past Upload-Length (${String(state.length)} bytes)`)
  }
  assertChunkAllowed({ offset, size: bytes.length, length: state.length, chunks: state.chunks.length })
  if (checksum !== null) verifyChecksum(checksum, bytes)
  if (bytes.length === 0) return { offset, length: state.length, expiresAt: new Date(state.expires_at) }

  const key = chunkKey(id, offset)
  // The image header is in the first chunk (at least 1 MiB, or the whole file): read while it is here.
  const measured = offset === 0 ? imageDimensions(bytes) : undefined
  const fileMetadata = offset === 0 && readMetadata ? await readMetadata(bytes) : undefined
  // The blocks this chunk completes are hashed while its bytes are stored. While the offset is still
  // `offset` the upload cannot have changed since it was read (offsets only grow), so digests taken
  // from `state` fit the document the compare-and-swap below sees.
  const [digests] = await Promise.all([
    newBlockDigests(stores.bytes, state, offset + bytes.length, { offset, bytes }),
    stores.bytes.put(key, bytes),
  ])
  const advanced = await mutateDocument(
    stores.documents,
    uploadKey(id),
    (value) => parseWith(uploadStateSchema, uploadKey(id), value),
    (current) => {
      // A terminated upload is marked expired before it is removed, so no chunk can finish it.
      if (current?.offset !== offset || isExpired(current, now)) return { next: undefined, result: null }
      const head =
        offset === 0 ? Buffer.from(bytes.subarray(0, SNIFF_BYTES)).toString('base64') : current.head
      const next: UploadState = {
        ...current,
        ...(offset === 0 ? { measured, file_metadata: fileMetadata } : {}),
        offset: offset + bytes.length,
        chunks: [...current.chunks, { key, start: offset, size: bytes.length }],
        blocks: [...current.blocks.slice(0, state.blocks.length), ...digests],
        head,
      }
      return { next, result: next }
    },
  )
  if (!advanced) {
    await stores.bytes.remove(key)
    const latest = await readUpload(stores.documents, id)
    // No upload document left means the winner finished the file: its size is where it stands.
    const finished = latest ? null : await readManifest(stores.documents, id)
    throw new OffsetMismatchError(latest?.offset ?? finished?.size ?? offset)
  }
  if (advanced.offset === advanced.length) {
    const file = await finishUpload(stores, advanced, now, { offset, bytes })
    return { offset: advanced.offset, length: advanced.length, file }
  }
  return { offset: advanced.offset, length: advanced.length, expiresAt: new Date(advanced.expires_at) }
}

/**
 * Sets the length of an upload begun before its length was known (an import streams a file whose
 * Content-Length it does not trust, so it begins at the largest length allowed): once every chunk but
 * the last is in, the length becomes where they end plus the last one, which then finishes the file.
 */
export async function settleUploadLength(stores: MediaHostStores, id: string, length: number): Promise<void> {
  const settled = await mutateDocument(
    stores.documents,
    uploadKey(id),
    (value) => parseWith(uploadStateSchema, uploadKey(id), value),
    (current) =>
      current && length >= current.offset && length <= current.length
        ? { next: { ...current, length }, result: true }
        : { next: undefined, result: false },
  )
  if (!settled) throw new ConflictError(`Upload ${id} cannot take the length ${String(length)}`)
}

/**
 * tus termination, for unfinished uploads only: removes the upload with every byte of it. A finished
 * file (or an upload holding every byte, which is one) may be what a record points at, so it is refused
 * (409) and kept; it goes when its record is purged. The upload is first marked expired with a
 * compare-and-swap, so a last chunk racing the termination either finishes the file first (then this
 * refuses) or is refused itself.
 */
export async function terminateUpload(stores: MediaHostStores, id: string, now = new Date()): Promise<void> {
  const outcome = await mutateDocument(
    stores.documents,
    uploadKey(id),
    (value) => parseWith(uploadStateSchema, uploadKey(id), value),
    (current): Mutation<UploadState, 'absent' | 'finished' | 'terminating'> => {
      if (!current) return { next: undefined, result: 'absent' }
      if (current.offset >= current.length) return { next: undefined, result: 'finished' }
      const expired = new Date(Math.min(Date.parse(current.expires_at), now.getTime() - 1)).toISOString()
      return { next: { ...current, expires_at: expired }, result: 'terminating' }
    },
  )
  if (outcome === 'absent' && !(await readManifest(stores.documents, id))) {
    throw new NotFoundError(`Upload ${id} not found`)
  }
  if (outcome !== 'terminating') {
    throw new ConflictError(`Upload ${id} is finished; delete the file's record instead`)
  }
  await removeStoredFile(stores, id)
}

/**
 * Removes a file or unfinished upload: its documents first, so it stops being served at once, then its
 * chunks. A crash in between leaves only unreachable chunks, which `sweepExpiredUploads` cannot see but
 * a repair pass can. Last, whatever happened, the CDN's copies of the file are purged (a purge that
 * fails is logged and never fails the removal).
 */
export async function removeStoredFile(stores: MediaHostStores, id: string): Promise<void> {
  // Loaded on the first removal, so upload requests that remove nothing never load the purge client.
  const { purgeFileCache } = await import('../files/file-cache')
  try {
    await stores.documents.remove(manifestKey(id))
    await stores.documents.remove(uploadKey(id))
    forgetManifest(id)
    const keys = await stores.bytes.list(chunkPrefix(id))
    await Promise.all(keys.map((key) => stores.bytes.remove(key)))
  } finally {
    await purgeFileCache([id])
  }
}

/** The result of a finished upload in the media host's shape, or the progress of an unfinished one. */
export async function uploadResult(stores: MediaHostStores, id: string, now = new Date()) {
  const manifest =
    (await readManifest(stores.documents, id)) ??
    (await finishIfFull(stores, await readUpload(stores.documents, id), now))
  if (manifest) return completeStatus(manifest)
  const progress = await uploadProgress(stores, id, now)
  return {
    complete: false as const,
    offset: progress.offset,
    length: progress.length,
    expires_at: (progress.expiresAt ?? now).toISOString(),
  }
}

/** What `GET /api/uploads/{id}` answers for a finished upload, and the answer that finishes one carries. */
export function completeStatus(manifest: FileManifest): CompleteUploadStatus {
  return { complete: true, result: mediaHostResult(manifest), sha256: manifest.sha256 }
}

export function mediaHostResult(manifest: FileManifest): MediaHostResult {
  return {
    secure_url: fileUrl(manifest),
    public_id: `${MEDIA_HOST_FOLDER}/${manifest.id}`,
    resource_type: manifest.resource_type,
    format: extensionOf(manifest.name),
    bytes: manifest.size,
    width: manifest.width,
    height: manifest.height,
    duration: manifest.duration,
  }
}

/** The file's URL: its id, then its name, so the URL ends in the file's own extension. */
export function fileUrl(manifest: Pick<FileManifest, 'id' | 'name'>): string {
  return builtInFileUrl(manifest.id, manifest.name)
}

/**
 * Removes unfinished uploads older than the expiry, with their chunks: at most `limit` per call, so it
 * can run inside any request. Upload ids begin with their creation time, so one `list()` finds them.
 */
export async function sweepExpiredUploads(
  stores: MediaHostStores,
  settings: MediaHostSettings,
  now = new Date(),
  limit = 25,
): Promise<number> {
  const listed = await stores.documents.list('uploads/')
  const expired = listed
    .map(({ key }) => key.slice('uploads/'.length))
    .filter((id) => createdAtOfId(id) + settings.expiryMs < now.getTime())
    .slice(0, limit)
  for (const id of expired) {
    // A finished file whose upload document outlived it only loses that document.
    if (await readManifest(stores.documents, id)) await stores.documents.remove(uploadKey(id))
    else await removeStoredFile(stores, id)
  }
  return expired.length
}

const manifestCache = new Map<string, FileManifest>()

/** A file manifest never changes once written, so a warm instance keeps the ones it has read. */
export async function readManifest(documents: DocumentStore, id: string): Promise<FileManifest | null> {
  const cached = manifestCache.get(id)
  if (cached) return cached
  const stored = await documents.read(manifestKey(id))
  if (!stored) return null
  const manifest = parseWith(fileManifestSchema, manifestKey(id), stored.value)
  if (manifestCache.size > 1_000) manifestCache.clear()
  manifestCache.set(id, manifest)
  return manifest
}

export function forgetManifest(id: string): void {
  manifestCache.delete(id)
}

/**
 * The upload as it stands: its document while bytes are missing, its manifest once every byte is in.
 * An upload whose last PATCH stored every byte but failed before the manifest was written (or before its
 * document was removed) is finished here, so a retry, a HEAD or a GET never finds it stuck.
 */
async function currentUpload(
  stores: MediaHostStores,
  id: string,
  now: Date,
): Promise<{ state: UploadState } | { manifest: FileManifest } | null> {
  const state = await readUpload(stores.documents, id)
  if (state && state.offset < state.length) return { state }
  const manifest = (await finishIfFull(stores, state, now)) ?? (await readManifest(stores.documents, id))
  return manifest ? { manifest } : null
}

async function finishIfFull(
  stores: MediaHostStores,
  state: UploadState | null,
  now: Date,
): Promise<FileManifest | null> {
  return state && state.offset === state.length ? finishUpload(stores, state, now) : null
}

/**
 * Turns an upload that holds every byte into a file: writes the manifest (only if new, so a repeat is
 * harmless), then removes the upload document. Safe to run again after a failure at any step.
 */
export async function finishUpload(
  stores: MediaHostStores,
  state: UploadState,
  now = new Date(),
  held?: { offset: number; bytes: Uint8Array },
): Promise<FileManifest> {
  const manifest = await writeManifest(stores, state, now, held)
  await stores.documents.remove(uploadKey(state.id))
  return manifest
}

/** An unfinished upload's document, or null when there is none. */
export async function readUpload(documents: DocumentStore, id: string): Promise<UploadState | null> {
  const stored = await documents.read(uploadKey(id))
  return stored ? parseWith(uploadStateSchema, uploadKey(id), stored.value) : null
}

/**
 * The metadata a manifest keeps: an image's embedded metadata, read from its first chunk (decision
 * 0044); a PDF's page count, read from its first and last 256 KB (`pdf-page-count.ts`; `held` is the
 * last chunk, still in memory). Only for a file its name says is of that kind.
 */
async function fileMetadataOf(
  stores: MediaHostStores,
  state: UploadState,
  held: { offset: number; bytes: Uint8Array } | undefined,
): Promise<FileMetadata | undefined> {
  const mime = mimeFromName(state.metadata.filename)
  if (mime.startsWith('image/')) return state.file_metadata ?? undefined
  if (mime !== 'application/pdf') return undefined
  const pages = await readStoredPdfPageCount(stores.bytes, state, held)
  return pages === null ? undefined : { page_count: pages }
}

async function writeManifest(
  stores: MediaHostStores,
  state: UploadState,
  now: Date,
  held?: { offset: number; bytes: Uint8Array },
): Promise<FileManifest> {
  const { documents } = stores
  // Normally every block was hashed as it arrived; an upload begun before blocks were kept is hashed
  // from its stored chunks here.
  const blocks = [...state.blocks, ...(await newBlockDigests(stores.bytes, state, state.length))]
  const policy = servingPolicy(state.metadata.filename, Buffer.from(state.head, 'base64'))
  // What the server read wins over what the uploader measured (decision 0040); only for a file its name
  // says is an image (an SVG too, which is served as a download), so a look-alike header in another kind
  // of file gives nothing.
  const named = mimeFromName(state.metadata.filename).startsWith('image/')
  const measured = named ? (state.measured ?? null) : null
  const metadata = await fileMetadataOf(stores, state, held)
  const manifest: FileManifest = {
    id: state.id,
    name: state.metadata.filename,
    size: state.length,
    chunks: state.chunks,
    content_type: policy.contentType,
    disposition: policy.disposition,
    sandbox: policy.sandbox,
    resource_type: policy.resourceType,
    sha256: fingerprintOf(blocks),
    width: measured ? measured.width : (state.metadata.width ?? null),
    height: measured ? measured.height : (state.metadata.height ?? null),
    duration: state.metadata.duration ?? null,
    ...(metadata ? { metadata } : {}),
    created_at: now.toISOString(),
  }
  // Written only if new: a retried last chunk finds the manifest already there, which is the same file.
  const etag = await documents.write(manifestKey(state.id), manifest, { ifNew: true })
  if (etag !== null && etag !== '') return manifest
  // Already there, or written without confirmation: what is stored is the answer.
  const stored = await readManifest(documents, state.id)
  if (!stored) throw new StorageUnavailableError(`Storage did not confirm the manifest of ${state.id}`)
  return stored
}

/**
 * Refuses (400) a chunk but the last under `MIN_CHUNK_BYTES`, and any chunk past the most an upload of
 * its length may hold (`maxChunksFor`), before anything is stored: so an upload's blobs, and the reads
 * that serve it, stay bounded by its size. An empty body stores nothing and is not a chunk.
 */
function assertChunkAllowed({
  offset,
  size,
  length,
  chunks,
}: {
  offset: number
  size: number
  length: number
  chunks: number
}): void {
  if (size === 0) return
  if (offset + size < length && size < MIN_CHUNK_BYTES) {
    throw new InvalidInputError(
      `Every chunk but the last must be at least ${String(MIN_CHUNK_BYTES)} bytes (1 MiB), and this one ` +
        `is ${String(size)}; send more of the file in each request`,
    )
  }
  if (chunks >= maxChunksFor(length)) {
    throw new InvalidInputError(
      `An upload of ${String(length)} bytes may be sent in at most ${String(maxChunksFor(length))} chunks, ` +
        'which this one has used; start the upload again with chunks of at least 1 MiB',
    )
  }
}

function isExpired(state: UploadState, now: Date): boolean {
  return Date.parse(state.expires_at) < now.getTime()
}

function assertNotExpired(state: UploadState, now: Date): void {
  if (isExpired(state, now)) throw new UploadGoneError(`Upload ${state.id} has expired`)
}

const CHECKSUM_ALGORITHMS = new Set(['sha1', 'sha256', 'md5'])
export const SUPPORTED_CHECKSUMS = [...CHECKSUM_ALGORITHMS].join(',')

function verifyChecksum(header: string, bytes: Uint8Array): void {
  const [algorithm = '', expected = ''] = header.trim().split(/\s+/)
  if (!CHECKSUM_ALGORITHMS.has(algorithm.toLowerCase())) {
    throw new InvalidInputError(`Upload-Checksum algorithm must be one of ${SUPPORTED_CHECKSUMS}`)
  }
  const actual = createHash(algorithm.toLowerCase()).update(bytes).digest('base64')
  if (actual !== expected) throw new ChecksumMismatchError('Upload-Checksum does not match the chunk')
}
