import type { z } from 'zod'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { MediaRecord, recordPatchSchema } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'

/** The body of `PATCH /api/update/{id}`; tags may be the comma-joined string the spec sends. */
export type UpdateFields = z.input<typeof recordPatchSchema>

export function updateFile(id: number, fields: UpdateFields): Promise<MediaRecord> {
  return apiRequest(ENDPOINTS.update(id), {
    method: 'PATCH',
    body: fields,
    schema: 'updateResponse',
  }).then((answer) => answer.record)
}
