import { CATEGORY_KIND_LABELS, CATEGORY_KINDS, categoryKindOf } from '../../../contract/categories'
import { categoryFromMime, typeNameFromMime } from '../../../contract/file-types'
import { fileTypeLabel } from '../../../contract/type-labels'
import { titleSortKey } from '../../../contract/title-key'

/** One file type as the type filter offers it: the exact MIME type (spec section 5) under a name. */
export interface TypeOption {
  value: string
  label: string
}

export interface TypeGroup {
  /** The kind, in the category selector's words: Images, Videos, Documents, Audio, Other. */
  label: string
  options: TypeOption[]
}

/**
 * The types present, grouped by kind in the category selector's order and by name within a kind. Two
 * types with one name (`audio/wav`, `audio/x-wav`) each show their MIME type, so neither option hides
 * the other.
 */
export function typeGroupsOf(types: readonly string[]): TypeGroup[] {
  const named = [...new Set(types)].map((mime) => ({ mime, label: fileTypeLabel(mime) }))
  const uses = new Map<string, number>()
  for (const { label } of named) uses.set(label, (uses.get(label) ?? 0) + 1)
  const options = named
    .map(({ mime, label }) => ({
      value: mime,
      label: (uses.get(label) ?? 0) > 1 ? `${label} (${mime})` : label,
      kind: categoryKindOf(categoryFromMime(mime)) ?? 'other',
    }))
    .sort((a, b) => compareKeys(typeOptionKey(a.label, a.value), typeOptionKey(b.label, b.value)))
  return CATEGORY_KINDS.map((kind) => ({
    label: CATEGORY_KIND_LABELS[kind],
    options: options.filter((option) => option.kind === kind).map(({ value, label }) => ({ value, label })),
  })).filter((group) => group.options.length > 0)
}

const typeOptionKey = (label: string, mime: string) => `${titleSortKey(label)}\u0001${mime}`
const compareKeys = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1)

/**
 * The key the Type sort orders by: the type name the list's Type column shows (spec section 9: image,
 * video, audio, document, file), then the name a person reads ('JPEG image' before 'PNG image'), then the
 * MIME type, so the column reads sorted and types of one kind stay together.
 */
export function typeSortKey(mime: string): string {
  return `${typeNameFromMime(mime)}\u0001${titleSortKey(fileTypeLabel(mime))}\u0001${mime}`
}
