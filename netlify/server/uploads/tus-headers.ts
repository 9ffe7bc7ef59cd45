import { describeIssue } from '../../../src/contract/record'
import { MAX_CHUNK_BYTES, uploadMetadataSchema, type UploadMetadata } from '../../../src/contract/uploads'
import { InvalidInputError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors'

export const TUS_VERSION = '1.0.0'
export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination,expiration,checksum'

/** The file name of an upload created without one: `Upload-Metadata` and its `filename` are optional. */
export const DEFAULT_UPLOAD_NAME = 'upload'

/** A non-negative integer header such as `Upload-Length` or `Upload-Offset`. */
export function integerHeader(request: Request, name: string): number {
  const raw = request.headers.get(name)
  if (raw === null) throw new InvalidInputError(`${name} is required`)
  const value = Number(raw)
  if (!/^\d{1,16}$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    throw new InvalidInputError(`${name} must be a non-negative integer`)
  }
  return value
}

/**
 * `Upload-Length` at creation. A length of more digits than a safe integer holds reads as `Infinity`
 * rather than as malformed, so the size check that follows answers it 413 like any oversize length.
 */
export function uploadLengthHeader(request: Request): number {
  const raw = request.headers.get('upload-length')?.trim() ?? ''
  if (/^\d{17,}$/.test(raw) && /[1-9]/.test(raw.slice(0, -16))) return Number.POSITIVE_INFINITY
  return integerHeader(request, 'Upload-Length')
}

/**
 * tus `Upload-Metadata`: comma-separated `key base64(value)` pairs. Optional, as the protocol has it:
 * without a `filename` the upload is named `DEFAULT_UPLOAD_NAME`; a `filename` that is present must be
 * a usable name.
 */
export function parseUploadMetadata(header: string | null): UploadMetadata {
  const pairs: Record<string, string> = {}
  for (const pair of (header ?? '').split(',')) {
    const [key = '', encoded = '', ...rest] = pair.trim().split(' ')
    if (key === '' && encoded === '') continue
    if (rest.length > 0 || !/^[\x21-\x7e]+$/.test(key) || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
      throw new InvalidInputError('Upload-Metadata must be comma-separated "key base64value" pairs')
    }
    // tus: "The key MUST be unique": a second value would silently replace the first.
    if (Object.hasOwn(pairs, key)) throw new InvalidInputError(`Upload-Metadata names ${key} more than once`)
    pairs[key] = Buffer.from(encoded, 'base64').toString('utf8')
  }
  if (!('filename' in pairs)) pairs.filename = DEFAULT_UPLOAD_NAME
  const result = uploadMetadataSchema.safeParse(pairs, { reportInput: true })
  if (!result.success) throw new InvalidInputError(`Upload-Metadata: ${describeIssue(result.error)}`)
  return result.data
}

/**
 * Reads a PATCH body, or a creation's body (creation-with-upload): the tus content type, and never more
 * than one chunk's worth of bytes.
 */
export async function readChunk(request: Request): Promise<Uint8Array> {
  if (request.headers.get('content-type')?.split(';')[0]?.trim() !== 'application/offset+octet-stream') {
    throw new UnsupportedMediaTypeError('Content-Type must be application/offset+octet-stream')
  }
  const tooLarge = () => new PayloadTooLargeError(`A chunk may be at most ${String(MAX_CHUNK_BYTES)} bytes`)
  if (Number(request.headers.get('content-length') ?? '0') > MAX_CHUNK_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.length > MAX_CHUNK_BYTES) throw tooLarge()
  return bytes
}
