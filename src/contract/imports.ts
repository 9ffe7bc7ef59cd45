import * as z from 'zod'

import { LIMITS } from './limits'
import { canonicaliseFields, recordCreateSchema } from './record'

/**
 * `POST /api/import` (decision 0048): the server fetches the file at `url` onto the media host and
 * stores its record with these fields, which mean what they mean to `POST /api/upload`. What the file
 * is (its type, size, address) is never taken from the body: the server learns it from the bytes.
 */
export const importFieldsSchema = recordCreateSchema.pick({
  title: true,
  description: true,
  category: true,
  tags: true,
  author: true,
  alt_text: true,
  folder_path: true,
})
export type ImportFields = z.infer<typeof importFieldsSchema>

/** The body of `POST /api/import`, after `canonicaliseImportBody`. */
export const importRequestSchema = importFieldsSchema.extend({
  url: z
    .string()
    .trim()
    .min(1, 'must be the https:// address of a file')
    .max(LIMITS.urlChars, `must be at most ${String(LIMITS.urlChars)} characters`),
})
export type ImportRequest = z.infer<typeof importRequestSchema>

/**
 * The body with the fields' other names resolved as a create resolves them, `url` kept apart: to a
 * create `url` is another name for `media_url`, which an import never takes.
 */
export function canonicaliseImportBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const { url, ...fields } = body as Record<string, unknown>
  return { ...(canonicaliseFields(fields) as Record<string, unknown>), url }
}
