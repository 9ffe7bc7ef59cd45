import { createHash } from 'node:crypto'

import * as z from 'zod'

import type { ImportRequest } from '../../../src/contract/imports'
import type { RecordCreate } from '../../../src/contract/record'
import { ConflictError, InvalidInputError } from '../errors'
import { forEachLimited } from './record-shards'
import { stableJson } from './stable-json'
import { CorruptDocumentError, StorageUnavailableError, type DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'

/**
 * `Idempotency-Key` on `POST /api/upload` and `POST /api/import`: a create retried after its answer was
 * lost finds the record its first attempt made instead of making a second. The key (hashed) maps to the
 * record id in `idempotency/{UTC day}/{sha256 of the key}`, written only if new right after an id is
 * allocated; the shard write is idempotent per id, so whichever attempt gets there first writes the
 * record and the others return it. Keys hold for 24 hours; the day in the key lets the hourly cleanup remove old ones
 * from one `list()`.
 */
const PREFIX = 'idempotency/'
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/

const entrySchema = z.object({
  record_id: z.int().positive(),
  /** SHA-256 of the request body as validated, so the same key with another body is refused. */
  request: z.string(),
  created_at: z.string(),
})
type Entry = z.infer<typeof entrySchema>

/** A create's key, hashed, and the fingerprint of its body. */
export interface IdempotencyClaim {
  keyHash: string
  request: string
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)
const entryKey = (day: string, keyHash: string) => `${PREFIX}${day}/${keyHash}`

/** The `Idempotency-Key` header: null when absent; a 400 unless it is 1-200 visible ASCII characters. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get('idempotency-key')
  if (key === null) return null
  if (!KEY_PATTERN.test(key)) {
    throw new InvalidInputError(
      'Idempotency-Key must be 1 to 200 visible ASCII characters without spaces, such as a UUID',
    )
  }
  return key
}

/**
 * The claim of `key` for a request whose body, as validated, is `request`: a create's record fields, or
 * an import's address and fields (the file it fetches differs from one attempt to the next).
 */
export function idempotencyClaim(key: string, request: RecordCreate | ImportRequest): IdempotencyClaim {
  return { keyHash: sha256(key), request: sha256(stableJson(request)) }
}

async function readEntry(store: DocumentStore, key: string, now: Date): Promise<Entry | null> {
  const stored = await store.read(key)
  if (!stored) return null
  const entry = entrySchema.safeParse(stored.value)
  if (!entry.success) throw new CorruptDocumentError(`${key} is not a valid idempotency entry`)
  const age = now.getTime() - Date.parse(entry.data.created_at)
  return age < IDEMPOTENCY_TTL_MS ? entry.data : null
}

function sameRequest(entry: Entry, claim: IdempotencyClaim): number {
  if (entry.request !== claim.request) {
    throw new ConflictError(
      `This Idempotency-Key was already used for a different file (file ${String(entry.record_id)}); ` +
        'send a new key for a new file',
    )
  }
  return entry.record_id
}

/** The record id an earlier create with this key took, or null; a 409 when its body was different. */
export async function findClaimedId(
  store: DocumentStore,
  claim: IdempotencyClaim,
  now: Date,
): Promise<number | null> {
  // The earlier day first: a key first used just before midnight is the one that counts.
  for (const day of [dayOf(now.getTime() - IDEMPOTENCY_TTL_MS), dayOf(now.getTime())]) {
    const entry = await readEntry(store, entryKey(day, claim.keyHash), now)
    if (entry) return sameRequest(entry, claim)
  }
  return null
}

/**
 * Claims the key for record `id`, which the caller has just allocated. Returns the id the key stands
 * for: `id`, or the id of a concurrent create with the same key that claimed it first.
 */
export async function claimId(
  store: DocumentStore,
  claim: IdempotencyClaim,
  id: number,
  now: Date,
): Promise<number> {
  const key = entryKey(dayOf(now.getTime()), claim.keyHash)
  const entry: Entry = { record_id: id, request: claim.request, created_at: now.toISOString() }
  const etag = await store.write(key, entry, { ifNew: true })
  if (etag === null || etag === '') {
    const stored = await readEntry(store, key, now)
    if (!stored) throw new StorageUnavailableError(`Storage did not confirm the idempotency entry ${key}`)
    if (stored.record_id !== id) return sameRequest(stored, claim)
  }
  // A create with this key that claimed the previous day's bucket just before midnight came first.
  const earlier = await readEntry(
    store,
    entryKey(dayOf(now.getTime() - IDEMPOTENCY_TTL_MS), claim.keyHash),
    now,
  )
  if (earlier && earlier.record_id !== id) {
    await store.remove(key)
    return sameRequest(earlier, claim)
  }
  return id
}

/**
 * Points the key from record `from`, whose shard had no room for it (decision 0031), to `to`, a fresh
 * id in a later shard. Returns the id the key now stands for: `to`, or the id a concurrent create with
 * the same key moved it to first.
 */
export async function repointClaim(
  store: DocumentStore,
  claim: IdempotencyClaim,
  from: number,
  to: number,
  now: Date,
): Promise<number> {
  for (const day of [dayOf(now.getTime() - IDEMPOTENCY_TTL_MS), dayOf(now.getTime())]) {
    const key = entryKey(day, claim.keyHash)
    const standsFor = await mutateDocument(
      store,
      key,
      (value) => {
        const entry = entrySchema.safeParse(value)
        if (!entry.success) throw new CorruptDocumentError(`${key} is not a valid idempotency entry`)
        return entry.data
      },
      (entry) => {
        if (entry === null) return { next: undefined, result: null }
        if (entry.record_id !== from) return { next: undefined, result: sameRequest(entry, claim) }
        return { next: { ...entry, record_id: to }, result: to }
      },
    )
    if (standsFor !== null) return standsFor
  }
  return to
}

/**
 * Removes the entries of days before yesterday (UTC): every key in them is over 24 hours old. At most
 * `max` per call, so an hourly run stays short; the rest go next time.
 */
export async function removeExpiredIdempotencyKeys(
  store: DocumentStore,
  now = new Date(),
  max = 2_000,
): Promise<number> {
  const oldestKept = dayOf(now.getTime() - IDEMPOTENCY_TTL_MS)
  const expired = (await store.list(PREFIX))
    .map(({ key }) => key)
    .filter((key) => key.slice(PREFIX.length, PREFIX.length + 10) < oldestKept)
    .slice(0, max)
  await forEachLimited(expired, 8, (key) => store.remove(key))
  return expired.length
}
