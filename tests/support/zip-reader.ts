/**
 * Reads a stored (uncompressed) ZIP the way an unzip tool does: from the central directory at its end,
 * ZIP64 fields included, checking each entry's CRC-32. Enough for the archives the screen builds; it
 * refuses compressed entries rather than guess.
 */
import { crc32 } from 'node:zlib'

export interface ZipEntry {
  name: string
  bytes: Buffer
  /** The entry's DOS date and time, read as local time (two-second steps). */
  modified: Date
  /** Whether the entry's name is flagged as UTF-8. */
  utf8: boolean
}

const EOCD = 0x06054b50
const ZIP64_EOCD = 0x06064b50
const ZIP64_LOCATOR = 0x07064b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const MAX16 = 0xffff
const MAX32 = 0xffffffff

function dosDate(date: number, time: number): Date {
  return new Date(
    1980 + (date >> 9),
    ((date >> 5) & 0xf) - 1,
    date & 0x1f,
    time >> 11,
    (time >> 5) & 0x3f,
    (time & 0x1f) * 2,
  )
}

/** The ZIP64 extended-information field: the 64-bit values of whichever 32-bit fields are full. */
function zip64Values(extra: Buffer, wanted: number): bigint[] {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at)
    const size = extra.readUInt16LE(at + 2)
    if (id === 0x0001) {
      return Array.from({ length: Math.min(wanted, size / 8) }, (_, index) =>
        extra.readBigUInt64LE(at + 4 + index * 8),
      )
    }
    at += 4 + size
  }
  return []
}

function directoryOf(zip: Buffer): { count: number; offset: number } {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || zip.readUInt32LE(end) !== EOCD) throw new Error('no end of central directory')
  const count = zip.readUInt16LE(end + 10)
  const offset = zip.readUInt32LE(end + 16)
  if (count !== MAX16 && offset !== MAX32) return { count, offset }
  const locator = end - 20
  if (zip.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new Error('no ZIP64 locator')
  const record = Number(zip.readBigUInt64LE(locator + 8))
  if (zip.readUInt32LE(record) !== ZIP64_EOCD) throw new Error('no ZIP64 end of central directory')
  return { count: Number(zip.readBigUInt64LE(record + 32)), offset: Number(zip.readBigUInt64LE(record + 48)) }
}

/** Every entry of `zip`, in the order of its central directory. */
export function readZip(zip: Buffer): ZipEntry[] {
  const { count, offset } = directoryOf(zip)
  const entries: ZipEntry[] = []
  let at = offset
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`entry ${String(index)}: no central header`)
    const flags = zip.readUInt16LE(at + 8)
    const method = zip.readUInt16LE(at + 10)
    if (method !== 0) throw new Error(`entry ${String(index)}: compressed (method ${String(method)})`)
    const time = zip.readUInt16LE(at + 12)
    const date = zip.readUInt16LE(at + 14)
    const crc = zip.readUInt32LE(at + 16)
    let size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    let local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength)
    // ZIP64 lists the full fields in order: uncompressed size, compressed size, local header offset.
    const wide = zip64Values(extra, 3)
    const full = [zip.readUInt32LE(at + 24), zip.readUInt32LE(at + 20), local].map((value) => value === MAX32)
    let next = 0
    if (full[0]) size = Number(wide[next++])
    if (full[1]) next++
    if (full[2]) local = Number(wide[next])
    if (zip.readUInt32LE(local) !== LOCAL) throw new Error(`${name}: no local header`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const bytes = zip.subarray(start, start + size)
    if (crc32(bytes) !== crc) throw new Error(`${name}: CRC-32 does not match`)
    entries.push({ name, bytes, modified: dosDate(date, time), utf8: (flags & 0x800) !== 0 })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}
