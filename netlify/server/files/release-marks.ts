import { randomBytes } from 'node:crypto'

import type { DocumentStore } from '../storage/document-store'

/**
 * The handshake between removing a stored file and creating a record that points at it ("use existing"
 * on a duplicate), so neither can lose the other:
 * - the remover marks the file (`markReleasing`), then reads every record, removes the file only if no
 *   record points at it, and clears its marks;
 * - the creator writes its record, then asks `isBeingReleased`; a marked (or missing) file makes it take
 *   its record back and answer 409.
 * Each writes before it reads the other's write, so whichever runs second sees the first: either the
 * remover's read finds the new record and keeps the file, or the creator finds the mark and withdraws.
 * Every remover writes a mark of its own (`releasing/{fileId}/{time}-{random}`), so one remover clearing
 * its mark never uncovers a file another remover is still deciding about. The time in the key lets the
 * repair pass find marks left by a remover that died (`STALE_MARK_MS`) from one `list()`, without reads.
 */
const MARK_PREFIX = 'releasing/'
export const STALE_MARK_MS = 10 * 60 * 1000

const markPrefixOf = (fileId: string) => `${MARK_PREFIX}${fileId}/`

/**
 * Marks files as being released and returns the marks, for `clearReleaseMarks`. Throws when the store
 * does not confirm a mark: no file may be removed unmarked.
 */
export async function markReleasing(
  documents: DocumentStore,
  fileIds: Iterable<string>,
  now = new Date(),
): Promise<string[]> {
  const stamp = `${now.getTime().toString(36)}-${randomBytes(6).toString('base64url')}`
  const keys = [...new Set(fileIds)].map((id) => `${markPrefixOf(id)}${stamp}`)
  await Promise.all(
    keys.map(async (key) => {
      const etag = await documents.write(key, { marked_at: now.toISOString() }, { ifNew: true })
      if ((etag === null || etag === '') && !(await documents.read(key)))
        throw new Error(`Storage did not confirm the release mark ${key}`)
    }),
  )
  return keys
}

/** Removes marks that `markReleasing` or `staleReleaseMarks` returned. */
export async function clearReleaseMarks(documents: DocumentStore, marks: Iterable<string>): Promise<void> {
  await Promise.all([...marks].map((key) => documents.remove(key)))
}

/** Whether any remover has the file marked. */
export async function isBeingReleased(documents: DocumentStore, fileId: string): Promise<boolean> {
  return (await documents.list(markPrefixOf(fileId))).length > 0
}

/** Marks older than `STALE_MARK_MS`: their remover is long gone. For the repair pass. */
export async function staleReleaseMarks(documents: DocumentStore, now = new Date()): Promise<string[]> {
  const listed = await documents.list(MARK_PREFIX)
  return listed
    .map(({ key }) => key)
    .filter((key) => {
      const markedAt = parseInt(key.slice(key.lastIndexOf('/') + 1).split('-')[0] ?? '', 36)
      return !(now.getTime() - markedAt < STALE_MARK_MS)
    })
}
