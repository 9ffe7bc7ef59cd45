import * as z from 'zod'

import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'

const COUNTER_KEY = 'counters/records'
const counterSchema = z.object({ next: z.int().min(1) })

function parseCounter(value: unknown): { next: number } {
  const result = counterSchema.safeParse(value)
  if (!result.success) throw new CorruptDocumentError(`${COUNTER_KEY} is not a valid counter`)
  return result.data
}

/**
 * Allocates `count` consecutive new file ids with one compare-and-swap on the counter, so no two
 * callers ever get the same id. A caller that dies before using its ids leaves a gap, never a clash.
 */
export async function allocateFileIds(store: DocumentStore, count: number): Promise<number[]> {
  const first = await allocateFrom(store, count, 1)
  return Array.from({ length: count }, (_, offset) => first + offset)
}

/**
 * Allocates one new file id of at least `lowest`: the counter skips ahead to it when behind. Used when
 * the shard of a freshly allocated id has no room left for the record (decision 0031); the ids skipped
 * are simply never used.
 */
export function allocateFileIdFrom(store: DocumentStore, lowest: number): Promise<number> {
  return allocateFrom(store, 1, lowest)
}

function allocateFrom(store: DocumentStore, count: number, lowest: number): Promise<number> {
  return mutateDocument(store, COUNTER_KEY, parseCounter, (counter) => {
    const next = Math.max(counter?.next ?? 1, lowest)
    return { next: { next: next + count }, result: next }
  })
}

/**
 * The id the next create will take, from one read of the counter: every id at or past it was never
 * given out, so no record can be stored under it.
 */
export async function readNextFileId(store: DocumentStore): Promise<number> {
  const stored = await store.read(COUNTER_KEY)
  return stored ? parseCounter(stored.value).next : 1
}
