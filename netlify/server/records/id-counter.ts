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
  const first = await mutateDocument(store, COUNTER_KEY, parseCounter, (counter) => {
    const next = counter?.next ?? 1
    return { next: { next: next + count }, result: next }
  })
  return Array.from({ length: count }, (_, offset) => first + offset)
}

/**
 * The id the next create will take, from one read of the counter: every id at or past it was never
 * given out, so no record can be stored under it.
 */
export async function readNextFileId(store: DocumentStore): Promise<number> {
  const stored = await store.read(COUNTER_KEY)
  return stored ? parseCounter(stored.value).next : 1
}
