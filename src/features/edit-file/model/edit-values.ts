import type { MediaRecord } from '../../../contract/record'
import { sameList } from '../../../contract/shared-values'
import { parseTags } from '../../../contract/tag-list'

/** The editable metadata (spec section 3), as the form holds it: tags as the comma-separated text typed. */
export interface EditValues {
  title: string
  description: string
  alt_text: string
  category: string
  tags: string
  author: string
  station: string
  notes: string
}

export function valuesOf(record: MediaRecord): EditValues {
  return {
    title: record.title,
    description: record.description,
    alt_text: record.alt_text,
    category: record.category,
    tags: record.tags.join(', '),
    author: record.author,
    station: record.station,
    notes: record.notes,
  }
}

/**
 * The fields the person changed from what the form opened with: only these are saved, so a field a
 * teammate changed while the form was open keeps their value rather than the one the form showed.
 * Tags are changed when their list is, not their spacing or commas.
 */
export function changedValues(opened: EditValues, values: EditValues): Partial<EditValues> {
  const changed: Partial<EditValues> = {}
  for (const name of Object.keys(values) as (keyof EditValues)[]) {
    if (!sameValue(name, opened[name], values[name])) changed[name] = values[name]
  }
  return changed
}

/**
 * The fields of `changes` that someone else saved with another value since the form opened (`base`,
 * its values as opened): saving them would replace that value unseen. One saved elsewhere with the very
 * value typed here is no conflict.
 */
export function changedElsewhere(
  base: EditValues,
  changes: Partial<EditValues>,
  stored: EditValues,
): (keyof EditValues)[] {
  return (Object.keys(changes) as (keyof EditValues)[]).filter(
    (name) =>
      !sameValue(name, stored[name], base[name]) && !sameValue(name, stored[name], changes[name] ?? ''),
  )
}

function sameValue(name: keyof EditValues, left: string, right: string): boolean {
  return name === 'tags' ? sameList(parseTags(left), parseTags(right)) : left === right
}

/** How a field is named in a sentence about it. */
const FIELD_WORDS: Record<keyof EditValues, string> = {
  title: 'the title',
  description: 'the description',
  alt_text: 'the alt text',
  category: 'the category',
  tags: 'the tags',
  author: 'the author',
  station: 'the station',
  notes: 'the notes',
}

/** A stored value longer than this is named by its field alone in the message. */
const MOST_QUOTED_CHARS = 60

/** A field and, when short enough to read in a sentence, what it now holds. */
function fieldNow(field: keyof EditValues, stored: EditValues): string {
  const value = stored[field]
  if (value === '') return `${FIELD_WORDS[field]} (now empty)`
  return value.length > MOST_QUOTED_CHARS ? FIELD_WORDS[field] : `${FIELD_WORDS[field]} (now “${value}”)`
}

/**
 * Said under the form when a save would replace what someone else saved since it opened, with what the
 * fields hold now (the list behind the form shows it too).
 */
export function changedElsewhereMessage(fields: readonly (keyof EditValues)[], stored: EditValues): string {
  const words = fields.map((field) => fieldNow(field, stored))
  const named = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`
  const them = fields.length === 1 ? 'it' : 'them'
  return `Someone else changed ${named ?? ''} since you opened this file. Save again to replace ${them} with yours, or Cancel to keep theirs.`
}
