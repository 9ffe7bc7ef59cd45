import * as z from 'zod'

import { batchShardsProblem } from './batch-shards'
import { folderSchema } from './folder'
import { fileIdSchema, folderIdSchema } from './ids'
import { LIMITS } from './limits'
import { mediaRecordSchema } from './record'

export { ENDPOINTS } from './endpoints'

/** Every error the API sends: `{ "error": "<message>" }`, sometimes with details. */
export const errorBodySchema = z.object({ error: z.string(), details: z.unknown().optional() })

/** `GET /api/media`: one page of records; `next` is the cursor of the following page. */
export const mediaPageSchema = z.object({
  records: z.array(mediaRecordSchema),
  next: z.string().nullable(),
})
export type MediaPage = z.infer<typeof mediaPageSchema>

export const uploadResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), record: mediaRecordSchema }),
  z.object({ success: z.literal(false), error: z.string() }),
])

export const updateResponseSchema = z.object({ success: z.literal(true), record: mediaRecordSchema })

/** `GET /api/media/{id}`: the file's record, `deleted_at` set when it is in the trash. */
export const mediaFileAnswerSchema = z.object({ record: mediaRecordSchema })

/**
 * `POST /api/webflow-sync/{id}`: the record, marked pending when a job was `queued` (202), or as it
 * stands when none was needed (200): already synced, or a job queued within the last five minutes.
 */
export const webflowSyncResponseSchema = z.object({
  success: z.literal(true),
  record: mediaRecordSchema,
  queued: z.boolean().optional(),
})

/**
 * `GET /api/webflow-sync-all`: how the latest Sync all went. `total` is what was counted at the start (set
 * to what was mirrored once it finishes); `error` says why a run stopped before the end.
 */
export const webflowSyncAllProgressSchema = z.object({
  running: z.boolean(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  error: z.string().optional(),
})
export type WebflowSyncAllProgress = z.infer<typeof webflowSyncAllProgressSchema>

/** `GET /api/webflow-sync-all`: the progress, and whether the mirror is set up at all (its token is set). */
export const webflowSyncAllStatusSchema = webflowSyncAllProgressSchema.extend({ configured: z.boolean() })
export type WebflowSyncAllStatus = z.infer<typeof webflowSyncAllStatusSchema>

/** `POST /api/webflow-sync-all`: how many records were queued (202; 200 when none needed it). */
export const webflowSyncAllResponseSchema = z.object({
  queued: z.number(),
  progress: webflowSyncAllProgressSchema,
})

export const deleteResponseSchema = z.object({ success: z.literal(true), id: fileIdSchema })

/** Refuses ids spread over more record shards than one call may touch (decision 0058). */
function withinBatchShards(ids: readonly number[], context: z.core.$RefinementCtx): void {
  const problem = batchShardsProblem(ids)
  if (problem !== null) context.addIssue({ code: 'custom', message: problem })
}

/**
 * Refuses an id named twice in one call: each item is done in turn, so a second delete of a file would
 * answer "not found" for a file the same call had just deleted, and two updates of one file would be
 * applied one over the other.
 */
function eachIdOnce(ids: readonly number[], context: z.core.$RefinementCtx): void {
  const seen = new Set<number>()
  const repeated = ids.find((id) => seen.size === seen.add(id).size)
  if (repeated !== undefined)
    context.addIssue({
      code: 'custom',
      message: `File ${String(repeated)} is named more than once in this batch: name each file once.`,
    })
}

const batchIdsSchema = z
  .array(fileIdSchema)
  .min(1, 'must hold at least one id')
  .max(LIMITS.batchItems, `must hold at most ${String(LIMITS.batchItems)} ids`)
  .superRefine(eachIdOnce)
  .superRefine(withinBatchShards)
  // What eachIdOnce refuses, as the OpenAPI document says it (a refinement is not a JSON Schema).
  .meta({ uniqueItems: true })

export const batchDeleteRequestSchema = z.object({ ids: batchIdsSchema })

export const batchUpdateRequestSchema = z.object({
  updates: z
    .array(z.object({ id: fileIdSchema, fields: z.unknown() }))
    .min(1, 'must hold at least one update')
    .max(LIMITS.batchItems, `must hold at most ${String(LIMITS.batchItems)} updates`)
    .superRefine((updates, context) => {
      const ids = updates.map(({ id }) => id)
      eachIdOnce(ids, context)
      withinBatchShards(ids, context)
    }),
})

export const batchMoveRequestSchema = z.object({
  fileIds: batchIdsSchema,
  folderId: folderIdSchema.nullable(),
})

/** One item of a batch answer: `error` says why an item failed; the others ran regardless. */
export const batchItemResultSchema = z.object({
  id: fileIdSchema,
  success: z.boolean(),
  error: z.string().optional(),
  record: mediaRecordSchema.optional(),
})
export type BatchItemResult = z.infer<typeof batchItemResultSchema>

export const batchResponseSchema = z.object({
  results: z.array(batchItemResultSchema),
  succeeded: z.number(),
  failed: z.number(),
})
export type BatchResponse = z.infer<typeof batchResponseSchema>

/** batch-move keeps the spec's own field name, `fileId`. */
export const batchMoveResponseSchema = z.object({
  results: z.array(z.object({ fileId: fileIdSchema, success: z.boolean(), error: z.string().optional() })),
  succeeded: z.number(),
  failed: z.number(),
})
export type BatchMoveResponse = z.infer<typeof batchMoveResponseSchema>

export const folderListSchema = z.array(folderSchema)

export const folderDeleteResponseSchema = z.object({
  ok: z.literal(true),
  folder: folderSchema,
  removed_folders: z.number(),
  moved_files: z.number(),
  moved_to: z.string(),
})
export type FolderDeleteResponse = z.infer<typeof folderDeleteResponseSchema>

/**
 * `POST /api/folder-update/{id}`: the folder as it is now, where it was, how many folders changed path
 * (it and those below it) and how many files inside followed.
 */
export const folderUpdateResponseSchema = z.object({
  ok: z.literal(true),
  folder: folderSchema,
  previous_path: z.string(),
  updated_folders: z.number(),
  moved_files: z.number(),
})
export type FolderUpdateResponse = z.infer<typeof folderUpdateResponseSchema>

/**
 * `GET /api/trash`: one page of trashed records, the most recently deleted first, and the days a record
 * stays in the trash (`TRASH_PURGE_DAYS`): the daily sweep deletes one for good once its `deleted_at` is
 * that old.
 */
export const trashPageSchema = z.object({
  records: z.array(mediaRecordSchema.required({ deleted_at: true })),
  next: z.string().nullable(),
  purge_days: z.number().min(0),
})
export type TrashPage = z.infer<typeof trashPageSchema>

/** `POST /api/trash/restore` and `POST /api/trash/purge`; both answer like batch-delete. */
export const trashIdsRequestSchema = z.object({ ids: batchIdsSchema })
