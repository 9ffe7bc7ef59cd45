import type { MediaRecord, RecordPatch } from './record'
import { RECORD_DEFAULTS } from './record-defaults'
import { mergeTags, withoutTags } from './tag-list'

/**
 * The rule for applying an edit, shared by the server (`record-model.ts`, which adds its timestamp and
 * the mirror's state) and the screen's optimistic view (`record-changes.ts`), so the two agree: a field
 * left out keeps its value; a blank title, category or author falls back to its default; `tags`
 * replaces the list, then `add_tags` adds what is missing and `remove_tags` drops tags, both comparing tags
 * as `labelKey` does: adding 'PHOTO' to a file tagged 'Photo' changes nothing, removing it removes 'Photo'.
 */
export function patchFields(record: MediaRecord, patch: RecordPatch): MediaRecord {
  let tags = patch.tags ?? record.tags
  if (patch.add_tags) tags = mergeTags(tags, patch.add_tags)
  if (patch.remove_tags) tags = withoutTags(tags, patch.remove_tags)
  return {
    ...record,
    title: patch.title === undefined ? record.title : patch.title || RECORD_DEFAULTS.title,
    description: patch.description ?? record.description,
    category: patch.category === undefined ? record.category : patch.category || RECORD_DEFAULTS.category,
    tags,
    notes: patch.notes ?? record.notes,
    alt_text: patch.alt_text ?? record.alt_text,
    station: patch.station ?? record.station,
    author: patch.author === undefined ? record.author : patch.author || RECORD_DEFAULTS.author,
  }
}
