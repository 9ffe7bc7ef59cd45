import * as z from 'zod'

/** Ids are positive integers (the batch-move call takes integer `fileIds` and `folderId`). */
const positiveId = z.int().min(1).max(Number.MAX_SAFE_INTEGER)

export const fileIdSchema = positiveId.brand<'FileId'>()
export type FileId = z.infer<typeof fileIdSchema>

export const folderIdSchema = positiveId.brand<'FolderId'>()
export type FolderId = z.infer<typeof folderIdSchema>

const ID_IN_PATH = /^[1-9][0-9]{0,15}$/

/** Reads an id from a URL segment: digits only, no sign, no leading zero, a safe integer. */
export function parseIdSegment(raw: string | null | undefined): number | null {
  if (!raw || !ID_IN_PATH.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : null
}
