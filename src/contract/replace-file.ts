import * as z from 'zod'

import { mediaRecordSchema, recordCreateSchema } from './record'

/**
 * `POST /api/replace/{id}`: new bytes for an existing record. The body is the file part of
 * `POST /api/upload` (what the media host answered for the finished upload), after `canonicaliseFields`.
 */
export const replaceFileSchema = recordCreateSchema
  .pick({
    media_url: true,
    file_type: true,
    thumbnail: true,
    file_size: true,
    public_id: true,
    resource_type: true,
    format: true,
    width: true,
    height: true,
    duration: true,
    sha256: true,
  })
  .extend({
    /**
     * The `media_url` the client saw on the record: when the record's file has been replaced since, the
     * request is refused (409) rather than throwing away a version the client never saw.
     */
    replaces: z.string().max(2_000).optional(),
  })
export type ReplaceFileInput = z.infer<typeof replaceFileSchema>

/**
 * The record with its new file, and the version it replaced, now a record of its own in the trash;
 * `previous` is null when the request repeated a replace already done (the record already has the file).
 */
export const replaceFileResponseSchema = z.object({
  success: z.literal(true),
  record: mediaRecordSchema,
  previous: mediaRecordSchema.nullable(),
})
export type ReplaceFileResponse = z.infer<typeof replaceFileResponseSchema>
