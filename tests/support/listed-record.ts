import { mediaRecordSchema, type MediaRecord } from '../../src/contract/record'

/** A plain image record with id `id` (its size `id` bytes), as the listing tests seed and expect them. */
export function listedRecord(id: number, fields: Partial<MediaRecord> = {}): MediaRecord {
  return mediaRecordSchema.parse({
    ...{ id, title: `File ${String(id)}`, description: '', category: 'Images', file_type: 'image/png' },
    ...{ thumbnail: null, media_url: `/api/files/${String(id)}/f.png`, file_size: id, tags: [], notes: '' },
    ...{ created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', author: 'Dana' },
    ...{ folder_path: '/', public_id: null, resource_type: null, format: null, sha256: null, station: '' },
    ...{ width: null, height: null, duration: null },
    ...fields,
  })
}
