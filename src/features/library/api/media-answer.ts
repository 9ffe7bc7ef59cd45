import * as z from 'zod'

import type { MediaPage } from '../../../contract/api'
import { MIME_PATTERN, mimeFromName } from '../../../contract/file-types'
import { ROOT_PATH } from '../../../contract/folder-paths'
import type { FileId } from '../../../contract/ids'
import { canonicaliseFields, mediaRecordSchema, type MediaRecord } from '../../../contract/record'
import { RECORD_DEFAULTS } from '../../../contract/record-defaults'
import { parseTags } from '../../../contract/tag-list'

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback)
const filled = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() ? value : fallback
const nullableText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null
const nullableNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

function numberFrom(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value)
  return null
}

function dateFrom(value: unknown, fallback: string): string {
  const time = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN
  return Number.isNaN(time) ? fallback : new Date(time).toISOString()
}

/**
 * One record of the list as spec section 3 describes what a backend may send: alternate capitalised
 * names, tags as a comma-separated string, missing fields given their defaults. A record without a
 * media URL is dropped (null). This server always answers in the canonical shape, which passes as is.
 */
export function readRecord(raw: unknown, place: number, now: string): MediaRecord | null {
  const fields = canonicaliseFields(raw)
  const strict = mediaRecordSchema.safeParse(fields)
  if (strict.success) return strict.data
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null
  const input = fields as Record<string, unknown>
  const mediaUrl = filled(input.media_url, '')
  if (mediaUrl === '') return null
  const id = numberFrom(input.id)
  const fileType =
    typeof input.file_type === 'string' && MIME_PATTERN.test(input.file_type)
      ? input.file_type
      : mimeFromName(mediaUrl)
  const createdAt = dateFrom(input.created_at, now)
  const tags = input.tags
  return {
    // A record without a usable id still shows; it cannot be changed, like the sample files.
    id: (id !== null && Number.isSafeInteger(id) && id > 0 ? id : -1000 - place) as FileId,
    title: filled(input.title, RECORD_DEFAULTS.title),
    description: text(input.description),
    category: filled(input.category, RECORD_DEFAULTS.category),
    file_type: fileType,
    media_url: mediaUrl,
    thumbnail: nullableText(input.thumbnail),
    file_size: numberFrom(input.file_size) ?? 0,
    created_at: createdAt,
    updated_at: dateFrom(input.updated_at, createdAt),
    tags:
      typeof tags === 'string' || (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string'))
        ? parseTags(tags)
        : [],
    notes: text(input.notes),
    alt_text: text(input.alt_text),
    station: text(input.station),
    author: filled(input.author, RECORD_DEFAULTS.author),
    folder_path: filled(input.folder_path, ROOT_PATH),
    public_id: nullableText(input.public_id),
    resource_type: nullableText(input.resource_type),
    format: nullableText(input.format),
    width: nullableNumber(input.width),
    height: nullableNumber(input.height),
    duration: nullableNumber(input.duration),
    sha256: nullableText(input.sha256),
  }
}

/**
 * `GET /api/media` as spec section 7 allows it: an array, or an object holding records (this API sends
 * `{ records, next }`). Anything else is an unexpected answer, which fails the load.
 */
export const mediaAnswerSchema = z
  .union([
    z.array(z.unknown()),
    z.looseObject({ records: z.array(z.unknown()), next: z.union([z.string(), z.number()]).nullish() }),
  ])
  .transform((answer): MediaPage => {
    const now = new Date().toISOString()
    const list = Array.isArray(answer) ? answer : answer.records
    const next =
      Array.isArray(answer) || answer.next === null || answer.next === undefined ? null : String(answer.next)
    return { records: list.flatMap((raw, place) => readRecord(raw, place, now) ?? []), next }
  })
