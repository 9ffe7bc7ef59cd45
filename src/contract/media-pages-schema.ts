import * as z from 'zod'

import { pageCountOf, SHARD_RANGE } from './media-pages'
import { cropSchema, focalPointSchema, mediaRecordSchema, rotationSchema } from './record'

/**
 * The schema of a `GET /api/media-pages` answer (media-pages.ts describes the encoding). Apart from the
 * encoding's functions so that the screen's first route, which only encodes, decodes and counts pages,
 * loads no zod; the page checks answers with this once it has loaded (decision 0042).
 */

const count = z.int().min(0)
const index = z.int().min(-1)

/** Positions (ascending) of the records whose value differs from the column's default, and those values. */
const sparse = <T extends z.ZodType>(value: T) => z.object({ at: z.array(count), values: z.array(value) })

const webflowSchema = mediaRecordSchema.shape.webflow.unwrap()
const metadataSchema = mediaRecordSchema.shape.metadata.unwrap()

export const mediaPagesAnswerSchema = z.object({
  /** The shard range answered: the range asked for, or its start when the answer stopped short. */
  shards: z.object({ from: count, to: count }),
  /**
   * Present when the answer stopped short of the range asked for at its byte budget: the `shards` of
   * the request that continues it, such as `12-49`. The whole range's ETag is the first answer's.
   */
  next_shards: z.string().regex(SHARD_RANGE).optional(),
  /** Shards in the store (the highest index + 1): which pages exist. The first page's ETag covers it. */
  shard_count: count,
  count,
  /**
   * In an answer from shard 0 (the screen's first page): the positions of its records in the default
   * order, titles ascending (`titleSortKey`, ties in id order), so that the screen draws its first
   * cards in the order the whole library will show them without sorting them itself (decision 0078).
   */
  title_order: z.array(count).optional(),
  strings: z.array(z.string()),
  columns: z.object({
    /** Each id minus the one before it (the first minus 0). */
    id: z.array(z.number()),
    title: z.array(z.string()),
    media_url: z.array(z.string()),
    file_size: z.array(z.number()),
    created_at: z.array(z.string()),
    category: z.array(index),
    file_type: z.array(index),
    author: z.array(index),
    folder_path: z.array(index),
    /** -1 is null. */
    format: z.array(index),
    description: sparse(z.string()).optional(),
    thumbnail: sparse(z.string()).optional(),
    updated_at: sparse(z.string()).optional(),
    tags: sparse(z.array(index)).optional(),
    notes: sparse(z.string()).optional(),
    alt_text: sparse(z.string()).optional(),
    station: sparse(z.string()).optional(),
    public_id: sparse(z.string()).optional(),
    resource_type: sparse(z.string()).optional(),
    width: sparse(z.number()).optional(),
    height: sparse(z.number()).optional(),
    duration: sparse(z.number()).optional(),
    sha256: sparse(z.string()).optional(),
    deleted_at: sparse(z.string()).optional(),
    /** Indices into `strings`. */
    used_on: sparse(index).optional(),
    shared_until: sparse(z.string()).optional(),
    webflow: sparse(webflowSchema).optional(),
    metadata: sparse(metadataSchema).optional(),
    focal_point: sparse(focalPointSchema).optional(),
    crop: sparse(cropSchema).optional(),
    rotate: sparse(rotationSchema).optional(),
    /** Indices into `strings`, each an actor as `actorText` writes it (media-pages.ts). */
    created_by: sparse(index).optional(),
    updated_by: sparse(index).optional(),
  }),
})
export type MediaPagesAnswer = z.infer<typeof mediaPagesAnswerSchema>

/** The schema of a `GET /api/media-pages?changes=` answer (`MediaPageChanges`, media-pages.ts). */
export const mediaPageChangesSchema = z
  .object({
    shard_count: count,
    etags: z.array(z.string().min(1).max(200)),
    pages: z.array(z.object({ page: count, answer: mediaPagesAnswerSchema }).strict()),
  })
  .strict()
  .refine((answer) => answer.etags.length === pageCountOf(answer.shard_count), {
    message: 'etags must hold one ETag per page',
  })
  .refine((answer) => answer.pages.every(({ page }) => page < answer.etags.length), {
    message: 'pages must be pages of the library',
  })
