import * as z from 'zod'

import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'

const COUNTER_KEY = 'counters/records'
const counterSchema = z.object({ next: z.int().min(1) })

/**
 * Allocates `count` consecutive new file ids with one compare-and-swap on the counter, so no two
 * callers ever get the same id. A caller that dies before using its ids leaves a gap, never a clash.
 */
export async function allocateFileIds(store: DocumentStore, count: number): Promise<number[]> {
  const first = await mutateDocument(
    store,
    COUNTER_KEY,
    (value) => {
      const result = counterSchema.safeParse(value)
      if (!result.success) throw new CorruptDocumentError(`${COUNTER_KEY} is not a valid counter`)
      return result.data
    },
    (counter) => {
      const next = counter?.next ?? 1
      return { next: { next: next + count }, result: next }
    },
  )
  return Array.from({ length: count }, (_, offset) => first + offset)
}
