import type { ImageSettings, ImageSettingsPatchFields } from './image-settings'
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
  const patched = patchTextFields(record, patch)
  const settings = patchImageSettings(record, patch)
  delete patched.focal_point
  delete patched.crop
  delete patched.rotate
  return { ...patched, ...settings }
}

/**
 * The delivery settings after `patch` (decision 0047): a field left out keeps its value, null removes
 * it, and a rotation of 0 is no rotation. Only the settings that are set are returned.
 */
export function patchImageSettings(record: ImageSettings, patch: ImageSettingsPatchFields): ImageSettings {
  const focal = patch.focal_point === undefined ? record.focal_point : (patch.focal_point ?? undefined)
  const crop = patch.crop === undefined ? record.crop : (patch.crop ?? undefined)
  const rotate = patch.rotate === undefined ? record.rotate : (patch.rotate ?? undefined)
  return {
    ...(focal ? { focal_point: focal } : {}),
    ...(crop ? { crop } : {}),
    ...(rotate ? { rotate } : {}),
  }
}

function patchTextFields(record: MediaRecord, patch: RecordPatch): MediaRecord {
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
