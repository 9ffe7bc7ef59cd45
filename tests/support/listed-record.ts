import type * as z from 'zod'

import { mediaRecordSchema, type MediaRecord } from '../../src/contract/record'

/**
 * The one way a test builds a `MediaRecord`: a plain image record with id `id` (its size `id` bytes), as
 * the listing tests seed and expect them, with `fields` in place of the defaults. It goes through the
 * record's schema, so a record a test builds is one the server could store.
 */
export function listedRecord(
  id: number,
  fields: Partial<z.input<typeof mediaRecordSchema>> = {},
): MediaRecord {
  return mediaRecordSchema.parse({
    ...{ id, title: `File ${String(id)}`, description: '', category: 'Images', file_type: 'image/png' },
    ...{ thumbnail: null, media_url: `/api/files/${String(id)}/f.png`, file_size: id, tags: [], notes: '' },
    ...{ created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', author: 'Dana' },
    ...{ folder_path: '/', public_id: null, resource_type: null, format: null, sha256: null, station: '' },
    ...{ width: null, height: null, duration: null },
    ...fields,
  })
}
