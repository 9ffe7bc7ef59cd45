import { fileRequest } from '../../../lib/api-client'

/** One file or folder listed in a ZIP's central directory. */
export interface ZipEntry {
  name: string
  /** Its size once unpacked, in bytes (0 for a folder). */
  size: number
  folder: boolean
}

export interface ZipListing {
  entries: ZipEntry[]
  /** How many entries the archive holds; more than `entries` when the list was cut. */
  total: number
}

/** At most this many entries are listed: enough to see what an archive holds. */
export const ZIP_LIST_LIMIT = 1_000
/** The end record (22 bytes) and the longest comment it may carry (65,535 bytes). */
const TAIL_BYTES = 22 + 0xffff
/** A central directory larger than this is not read for a preview. */
const DIRECTORY_LIMIT = 4 * 1024 * 1024
/** A server that ignores `Range` sends the whole file: read it only up to this size. */
const WHOLE_FILE_LIMIT = 20 * 1024 * 1024

const END_SIGNATURE = 0x06054b50
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50
const ZIP64_END_SIGNATURE = 0x06064b50
const ENTRY_SIGNATURE = 0x02014b50

/**
 * The entries of a ZIP file, read from its central directory at the end: two range requests (its tail,
 * then the directory), never the whole archive. File bytes are not an API answer, so this reads them
 * with `fetch` as downloads do. Throws when the file is not a ZIP it can read.
 */
export async function readZipEntries(
  url: string,
  { size, signal }: { size: number; signal?: AbortSignal },
): Promise<ZipListing> {
  const tailStart = Math.max(0, size - TAIL_BYTES)
  const tail = await readRange(url, tailStart, size, signal)
  const end = findEnd(tail)
  let count = tail.getUint16(end + 10, true)
  let directorySize = tail.getUint32(end + 12, true)
  let directoryOffset = tail.getUint32(end + 16, true)
  // ZIP64: the real figures are in a record the locator before the end record points at.
  if (directoryOffset === 0xffffffff || count === 0xffff) {
    const locator = end - 20
    if (locator < 0 || tail.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE)
      throw new Error('The archive has no readable directory')
    const recordOffset = Number(tail.getBigUint64(locator + 8, true))
    const record = await readRange(url, recordOffset, recordOffset + 56, signal)
    if (record.getUint32(0, true) !== ZIP64_END_SIGNATURE)
      throw new Error('The archive has no readable directory')
    count = Number(record.getBigUint64(32, true))
    directorySize = Number(record.getBigUint64(40, true))
    directoryOffset = Number(record.getBigUint64(48, true))
  }
  if (directorySize > DIRECTORY_LIMIT) return { entries: [], total: count }
  const directory = await readRange(url, directoryOffset, directoryOffset + directorySize, signal)
  return { entries: parseDirectory(directory, Math.min(count, ZIP_LIST_LIMIT)), total: count }
}

/** The offset of the end-of-directory record within `tail`, searched from the end. */
function findEnd(tail: DataView): number {
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (tail.getUint32(at, true) === END_SIGNATURE) return at
  }
  throw new Error('The file is not a ZIP archive')
}

const utf8 = new TextDecoder('utf-8')
// Names without the UTF-8 flag are in the old DOS code page; Latin-1 reads their ASCII part alike.
const legacy = new TextDecoder('latin1')

function parseDirectory(directory: DataView, limit: number): ZipEntry[] {
  const entries: ZipEntry[] = []
  let at = 0
  while (entries.length < limit && at + 46 <= directory.byteLength) {
    if (directory.getUint32(at, true) !== ENTRY_SIGNATURE) break
    const flags = directory.getUint16(at + 8, true)
    const nameLength = directory.getUint16(at + 28, true)
    const extraLength = directory.getUint16(at + 30, true)
    const commentLength = directory.getUint16(at + 32, true)
    const bytes = new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength)
    const name = ((flags & 0x800) !== 0 ? utf8 : legacy).decode(bytes)
    const size = directory.getUint32(at + 24, true)
    // A folder's name ends with '/', or its attributes say so: DOS's directory bit, or a Unix mode.
    const attributes = directory.getUint32(at + 38, true)
    const folder =
      name.endsWith('/') || (attributes & 0x10) !== 0 || ((attributes >>> 16) & 0o170000) === 0o040000
    entries.push({ name: folder && !name.endsWith('/') ? `${name}/` : name, size, folder })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** Bytes `start` to `end` (exclusive) of the file; a server that ignores `Range` sends it whole. */
async function readRange(url: string, start: number, end: number, signal?: AbortSignal): Promise<DataView> {
  const response = await fileRequest(url, { range: { start, end }, signal })
  if (!response.ok) throw new Error(`The file could not be read (status ${String(response.status)})`)
  if (response.status === 200 && Number(response.headers.get('content-length') ?? 0) > WHOLE_FILE_LIMIT) {
    await response.body?.cancel()
    throw new Error('The file is too large to read whole for a preview')
  }
  const buffer = await response.arrayBuffer()
  // A whole answer holds the range at its own place in the file.
  const view = response.status === 206 ? buffer : buffer.slice(start, end)
  return new DataView(view)
}
