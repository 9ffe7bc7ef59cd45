import { extensionOf } from '../../../src/contract/file-types'
import { mimeFromName } from '../../../src/contract/mime-from-name'
import type { ImportFields } from '../../../src/contract/imports'
import { titleFromName } from '../../../src/contract/labels'
import type { MediaRecord, RecordCreate } from '../../../src/contract/record'
import { MAX_CHUNK_BYTES } from '../../../src/contract/uploads'
import { cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { destroyAsset, type CloudinaryCredentials } from '../cloudinary/destroy-asset'
import { folderNotFound, InvalidInputError } from '../errors'
import { servingPolicy, sniffedExtension, SNIFF_BYTES } from '../files/serving-policy'
import { ROOT_PATH } from '../../../src/contract/folder-paths'
import { acceptsFiles, readFolders } from '../folders/folder-document'
import type { IdempotencyClaim } from '../records/idempotency'
import { createRecord, recordOfClaim } from '../records/media-service'
import { cleanFileName } from '../uploads/file-names'
import type { FileManifest } from '../uploads/upload-documents'
import {
  appendChunk,
  createUpload,
  createUploadWithData,
  fileUrl,
  removeStoredFile,
  settleUploadLength,
  type MediaHostSettings,
  type MediaHostStores,
  type MetadataReader,
} from '../uploads/upload-service'
import { importToCloudinary } from './cloudinary-import'
import { fetchRemoteFile, limitedBody, type FetchSeams, type RemoteFile } from './remote-fetch'

export interface ImportOptions {
  stores: MediaHostStores
  settings: MediaHostSettings
  /** The whole import, from the first DNS answer to the last byte stored, in milliseconds. */
  timeLimitMs: number
  readMetadata?: MetadataReader
  /** Only tests pass these (`remote-fetch.ts`); a request never can. */
  seams?: FetchSeams
  now?: Date
  webflow?: MediaRecord['webflow']
  /** With Cloudinary as the media host, Cloudinary fetches the file instead (`cloudinary-import.ts`). */
  cloudinary?: CloudinaryCredentials | null
  /**
   * The request's Idempotency-Key, claimed for its address and fields (`idempotencyClaim`): a repeat
   * answers with the record the first made, without fetching the file again.
   */
  claim?: IdempotencyClaim | null
}

/**
 * Imports the file at `url` into the built-in host and stores its record (decision 0048): the address
 * checked and fetched by `fetchRemoteFile`, the bytes streamed in chunks through the upload path tus
 * uses (so the image's dimensions, embedded metadata and fingerprint are read as for any upload), the
 * name from the address or Content-Disposition, and the type from the first bytes. A refused or failed
 * import leaves nothing stored.
 */
export async function importFromUrl(
  url: string,
  fields: ImportFields,
  options: ImportOptions,
): Promise<MediaRecord> {
  const { stores, claim = null } = options
  const earlier = claim === null ? null : await recordOfClaim(stores.documents, claim, options.now)
  if (earlier !== null) return earlier
  const folderPath = fields.folder_path ?? ROOT_PATH
  // The folder first: nothing is fetched for a record that could not be stored.
  if (!acceptsFiles(await readFolders(stores.documents), folderPath)) throw folderNotFound(folderPath)
  if (options.cloudinary)
    return importIntoCloudinary(url, fields, { ...options, cloudinary: options.cloudinary })
  const manifest = await importFile(url, options)
  return storeRecord(recordInput(manifest, fields), options, (why) =>
    removeStoredFile(stores, manifest.id).catch((cleanup: unknown) => {
      console.warn(`[import] ${manifest.id}: the file of ${why} was not removed`, cleanup)
    }),
  )
}

/**
 * Stores the record of an imported file, and lets the file go (`discard`) when the record is not
 * stored, or when another import with the same Idempotency-Key stored its own first: that record stands.
 */
async function storeRecord(
  input: RecordCreate,
  options: ImportOptions,
  discard: (why: string) => Promise<void>,
): Promise<MediaRecord> {
  try {
    const { stores, now, webflow, claim = null } = options
    const record = await createRecord(stores.documents, input, now, webflow, claim)
    if (record.media_url !== input.media_url) await discard('a repeated import')
    return record
  } catch (error) {
    await discard('a record that failed')
    throw error
  }
}

async function importIntoCloudinary(
  url: string,
  fields: ImportFields,
  options: ImportOptions & { cloudinary: CloudinaryCredentials },
): Promise<MediaRecord> {
  const input = await importToCloudinary(url, fields, { ...options, credentials: options.cloudinary })
  return storeRecord(input, options, async (why) => {
    const asset = cloudinaryAssetOf(input.media_url)
    if (!asset) return
    await destroyAsset(options.cloudinary, asset).catch((cleanup: unknown) => {
      console.warn(`[import] ${asset.publicId}: the asset of ${why} was not destroyed`, cleanup)
    })
  })
}

/** The create body of an imported file: the fields given, the file's own facts from its manifest. */
export function recordInput(manifest: FileManifest, fields: ImportFields): RecordCreate {
  return {
    ...fields,
    title: fields.title?.trim() || titleFromName(manifest.name),
    media_url: fileUrl(manifest),
    file_type: mimeFromName(manifest.name),
    file_size: manifest.size,
    format: extensionOf(manifest.name),
    width: manifest.width,
    height: manifest.height,
    duration: manifest.duration,
  }
}

/** Fetches the file into the built-in host, within the time limit: its manifest once every byte is in. */
export async function importFile(url: string, options: ImportOptions): Promise<FileManifest> {
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    deadline.abort(timeLimitError(options.timeLimitMs))
  }, options.timeLimitMs)
  try {
    return await Promise.race([store(url, options, deadline.signal), rejectOnAbort(deadline.signal)])
  } finally {
    clearTimeout(timer)
    deadline.abort()
  }
}

function timeLimitError(timeLimitMs: number): InvalidInputError {
  return new InvalidInputError(
    `The file at that address did not arrive within ${String(Number((timeLimitMs / 1000).toFixed(1)))} seconds, ` +
      'so it was not imported. Download it and upload it instead.',
  )
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => {
      reject(signal.reason as Error)
    })
  })
}

async function store(url: string, options: ImportOptions, signal: AbortSignal): Promise<FileManifest> {
  const { stores, settings, readMetadata } = options
  const remote = await fetchRemoteFile(url, signal, options.seams)
  let uploadId: string | null = null
  try {
    const chunks = inChunks(limitedBody(remote, settings.maxUploadBytes), MAX_CHUNK_BYTES)
    const first = await chunks.next()
    if (first.done)
      throw new InvalidInputError('The file at that address is empty, so there is nothing to import.')
    const name = importedName(remote, first.value.subarray(0, SNIFF_BYTES))
    let pending = first.value
    let next = await chunks.next()
    if (next.done) {
      const created = await createUploadWithData(
        stores,
        settings,
        {
          length: pending.length,
          metadata: { filename: name },
          bytes: pending,
          checksum: null,
          readMetadata,
        },
        options.now,
      )
      uploadId = created.id
      return finished(created.file, signal)
    }
    // Longer than one chunk: begun at the largest length allowed, settled once the last chunk is read.
    const created = await createUpload(
      stores,
      settings,
      { length: settings.maxUploadBytes, metadata: { filename: name } },
      options.now,
    )
    uploadId = created.id
    let offset = 0
    while (!next.done) {
      await appendChunk(
        stores,
        created.id,
        { offset, bytes: pending, checksum: null, readMetadata },
        options.now,
      )
      offset += pending.length
      pending = next.value
      next = await chunks.next()
    }
    await settleUploadLength(stores, created.id, offset + pending.length)
    const last = await appendChunk(
      stores,
      created.id,
      { offset, bytes: pending, checksum: null, readMetadata },
      options.now,
    )
    return finished(last.file, signal)
  } catch (error) {
    remote.discard()
    if (uploadId !== null) {
      const id = uploadId
      await removeStoredFile(stores, id).catch((cleanup: unknown) => {
        console.warn(`[import] ${id}: an unfinished import was not removed`, cleanup)
      })
    }
    throw signal.aborted ? (signal.reason as Error) : error
  }
}

/** The stored file, unless the time ran out meanwhile (the answer has gone: the file is removed). */
function finished(file: FileManifest | undefined, signal: AbortSignal): FileManifest {
  if (signal.aborted) throw signal.reason as Error
  if (!file) throw new InvalidInputError('The file could not be stored. Try again.')
  return file
}

/** The body in pieces of exactly `size` bytes, the last one shorter. */
export async function* inChunks(body: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let buffer = new Uint8Array(size)
  let filled = 0
  for await (const piece of body) {
    let read = 0
    while (read < piece.length) {
      const taken = Math.min(size - filled, piece.length - read)
      buffer.set(piece.subarray(read, read + taken), filled)
      filled += taken
      read += taken
      if (filled === size) {
        yield buffer
        buffer = new Uint8Array(size)
        filled = 0
      }
    }
  }
  if (filled > 0) yield buffer.subarray(0, filled)
}

/**
 * The stored file's name: from Content-Disposition, else the address's last path part, cleaned like any
 * upload's. Its extension follows the bytes: kept when the bytes are what it says, otherwise replaced by
 * what the first bytes are. A web page is refused: the address is a page about a file, not the file.
 */
export function importedName(remote: Pick<RemoteFile, 'url' | 'headers'>, head: Uint8Array): string {
  const named = cleanFileName(
    nameFromDisposition(remote.headers.get('content-disposition')) ?? nameFromPath(remote.url),
  )
  if (servingPolicy(named, head).contentType !== 'application/octet-stream') return named
  const sniffed = sniffedExtension(head)
  if (sniffed === null) {
    if (looksLikeWebPage(head)) {
      throw new InvalidInputError(
        'That address gives a web page, not a file. Open it, copy the address of the file itself, and import that.',
      )
    }
    return named
  }
  const extension = extensionOf(named)
  const base = /^[a-z0-9]{1,5}$/.test(extension) ? named.slice(0, -extension.length - 1) : named
  return cleanFileName(`${base}.${sniffed}`)
}

function nameFromPath(url: URL): string {
  const segment =
    url.pathname
      .split('/')
      .filter((part) => part !== '')
      .pop() ?? ''
  try {
    return decodeURIComponent(segment) || url.hostname
  } catch {
    return segment || url.hostname
  }
}

/** RFC 6266: `filename*=UTF-8''...` first, then `filename="..."`; null when neither is there. */
export function nameFromDisposition(header: string | null): string | null {
  if (header === null) return null
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header)
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim())
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header)
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]
  return value === undefined || value.trim() === '' ? null : value
}

function looksLikeWebPage(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8').decode(head.subarray(0, 1024))
  return /^\s*(?:<!doctype\s+html|<html|<head|<body)/i.test(text)
}
