import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'

/**
 * What records take as JSON (UTF-8 bytes), for the byte budgets of decision 0031: a shard's size as
 * stored, an answer's size as sent.
 */
const measured = new WeakMap<MediaRecord, number>()

/**
 * The record's JSON, in bytes. Remembered per record object: stored records are never changed in place
 * (every operation makes a new object), and the listings measure the same cached shards again and again.
 */
export function recordBytes(record: MediaRecord): number {
  let bytes = measured.get(record)
  if (bytes === undefined) {
    bytes = Buffer.byteLength(JSON.stringify(record))
    measured.set(record, bytes)
  }
  return bytes
}

/** `{"records":[` and `]}` around a shard's records. */
const SHARD_ENVELOPE_BYTES = '{"records":[]}'.length

/** A shard document's JSON, `{"records":[...]}`, in bytes. */
export function shardBytes(records: readonly MediaRecord[]): number {
  let bytes = SHARD_ENVELOPE_BYTES + Math.max(0, records.length - 1)
  for (const record of records) bytes += recordBytes(record)
  return bytes
}

/** What moving a record to the trash adds to it: `,"deleted_at":"2026-11-24T12:00:00.000Z"`. */
export const TRASH_MARK_BYTES = ',"deleted_at":""'.length + new Date(0).toISOString().length

/** "1,234,567 bytes" */
export function bytesInWords(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`
}

/** The shard budget in words, "4 MB". */
export const SHARD_BUDGET_WORDS = `${String(LIMITS.shardBytes / 1_000_000)} MB`
