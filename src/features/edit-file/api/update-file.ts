import type { z } from 'zod'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { MediaRecord, recordPatchSchema } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'

/** The body of `PATCH /api/update/{id}`; tags may be the comma-joined string the spec sends. */
export type UpdateFields = z.input<typeof recordPatchSchema>

/**
 * `version`: the record's `ETag` as last read; the server then makes the change only while the record is
 * still that version (`If-Match`), and answers 412 otherwise.
 */
export function updateFile(
  id: number,
  fields: UpdateFields,
  version: string | null = null,
): Promise<MediaRecord> {
  return apiRequest(ENDPOINTS.update(id), {
    method: 'PATCH',
    body: fields,
    schema: 'updateResponse',
    headers: version === null ? {} : { 'If-Match': version },
  }).then((answer) => answer.record)
}
