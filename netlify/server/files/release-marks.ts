import * as z from 'zod'

import type { DocumentStore } from '../storage/document-store'

/**
 * The handshake between removing a stored file and creating a record that points at it ("use existing"
 * on a duplicate), so neither can lose the other:
 * - the remover marks the file (`markReleasing`), then reads every record, removes the file only if no
 *   record points at it, and clears the mark;
 * - the creator writes its record, then asks `isBeingReleased`; a marked (or missing) file makes it take
 *   its record back and answer 409.
 * Each writes before it reads the other's write, so whichever runs second sees the first: either the
 * remover's read finds the new record and keeps the file, or the creator finds the mark and withdraws.
 * A mark left by a remover that died is cleared by the repair pass once it is `STALE_MARK_MS` old.
 */
const MARK_PREFIX = 'releasing/'
export const STALE_MARK_MS = 10 * 60 * 1000

const markSchema = z.object({ marked_at: z.string() })

const markKey = (fileId: string) => `${MARK_PREFIX}${fileId}`

/** Marks files as being released. Throws when the store does not take a mark: nothing may go unmarked. */
export async function markReleasing(
  documents: DocumentStore,
  fileIds: Iterable<string>,
  now = new Date(),
): Promise<void> {
  await Promise.all(
    [...fileIds].map(async (id) => {
      const etag = await documents.write(markKey(id), { marked_at: now.toISOString() }, { ifNew: true })
      // null: already marked by another remover, which is as good; '' is unconfirmed, so read it back.
      if (etag === '' && !(await documents.read(markKey(id))))
        throw new Error(`Storage did not confirm the release mark of file ${id}`)
    }),
  )
}

export async function clearReleaseMarks(documents: DocumentStore, fileIds: Iterable<string>): Promise<void> {
  await Promise.all([...fileIds].map((id) => documents.remove(markKey(id))))
}

export async function isBeingReleased(documents: DocumentStore, fileId: string): Promise<boolean> {
  return (await documents.read(markKey(fileId))) !== null
}

/** Marks older than `STALE_MARK_MS`: their remover is long gone. For the repair pass. */
export async function staleReleaseMarks(documents: DocumentStore, now = new Date()): Promise<string[]> {
  const listed = await documents.list(MARK_PREFIX)
  const stale: string[] = []
  for (const { key } of listed) {
    const stored = await documents.read(key)
    const mark = markSchema.safeParse(stored?.value)
    const markedAt = mark.success ? Date.parse(mark.data.marked_at) : 0
    if (!(now.getTime() - markedAt < STALE_MARK_MS)) stale.push(key.slice(MARK_PREFIX.length))
  }
  return stale
}
