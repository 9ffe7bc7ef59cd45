import { parseTags } from '../../contract/tag-list'
import type { EmbeddedDetails } from './embedded-details'
import { titleFromName } from './file-details'

/**
 * One file's own details in a batch: filled from what the file itself says (its embedded title,
 * caption, keywords, creator and date taken), then as the person edits them in the file's row.
 */
export interface OwnDetails {
  title: string
  description: string
  /** Comma-separated, as typed. */
  tags: string
  author: string
  /** A `datetime-local` value in the person's own time ('2024-05-01T10:20:30'), or '' for none. */
  date: string
}

export type OwnField = keyof OwnDetails

/** The fields the batch's shared details also have: one the person typed there applies to every file. */
export type SharedField = 'description' | 'tags' | 'author'

export const SHARED_FIELDS: readonly SharedField[] = ['description', 'tags', 'author']

/** A file's details before its metadata is read: the title from its name, nothing else. */
export function initialDetails(file: { name: string }): OwnDetails {
  return { title: titleFromName(file.name), description: '', tags: '', author: '', date: '' }
}

/**
 * `details` with what the file says put in each field still as it began (one the person already
 * changed stays theirs), and the fields so filled added to `filled`.
 */
export function fillFromFile(
  file: { name: string },
  details: OwnDetails,
  filled: readonly OwnField[],
  embedded: EmbeddedDetails | null,
): { details: OwnDetails; filled: OwnField[] } {
  const initial = initialDetails(file)
  const offered: Partial<OwnDetails> = {
    title: embedded?.title,
    description: embedded?.description,
    tags: embedded?.tags?.join(', '),
    author: embedded?.author,
    date: embedded?.date === undefined ? undefined : recordableDate(embedded.date),
  }
  const next = { ...details }
  const nowFilled = [...filled]
  for (const field of Object.keys(initial) as OwnField[]) {
    const value = offered[field]
    if (value === undefined || value === '' || details[field] !== initial[field]) continue
    next[field] = value
    if (!nowFilled.includes(field)) nowFilled.push(field)
  }
  return { details: next, filled: nowFilled }
}

/** The earliest date a record takes (`created_at`): a file's date before it is not offered. */
const EARLIEST_RECORD_DATE = Date.UTC(1970, 0, 1)

/**
 * A date taken (ISO 8601, as `takenAt` gives it) as the date field shows it, in the person's own time:
 * one with a zone is moved into theirs; one without (the camera's clock) is read as their own time.
 * '' for a date a record cannot take.
 */
export function recordableDate(takenAt: string): string {
  const time = new Date(takenAt)
  if (Number.isNaN(time.getTime()) || time.getTime() < EARLIEST_RECORD_DATE) return ''
  const two = (value: number) => String(value).padStart(2, '0')
  const day = `${String(time.getFullYear()).padStart(4, '0')}-${two(time.getMonth() + 1)}-${two(time.getDate())}`
  return `${day}T${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}`
}

/** What the file's record says, ready to send: a shared field with text in it wins over the file's own. */
export function resolvedDetails(
  own: OwnDetails,
  shared: Record<SharedField, string>,
  fileName: string,
): { title: string; description: string; tags: string[]; author: string | undefined; created_at?: string } {
  const pick = (field: SharedField) => (shared[field].trim() === '' ? own[field] : shared[field])
  const author = pick('author').trim()
  const created = own.date === '' ? Number.NaN : new Date(own.date).getTime()
  return {
    title: own.title.trim() || titleFromName(fileName),
    description: pick('description'),
    tags: parseTags(pick('tags')),
    author: author === '' ? undefined : author,
    ...(Number.isNaN(created) ? {} : { created_at: new Date(created).toISOString() }),
  }
}

/** Whether the shared field has text in it, so every file gets it in place of its own. */
export function sharedWins(shared: Record<SharedField, string>, field: OwnField): boolean {
  return (SHARED_FIELDS as readonly string[]).includes(field) && shared[field as SharedField].trim() !== ''
}
