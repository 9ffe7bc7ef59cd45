/**
 * Categories in a person's words: one label per stored category wherever the screen shows or offers one
 * (docs/decisions/0002-human-words.md). What is stored stays the spec's (section 9).
 */
import type { AutoCategory } from './file-types'

/**
 * What a stored category means, in the category selector's words (spec section 2, without 'all'). The
 * automatic categories (Images, Video, Audio, Documents, Files), the selector's values and the spellings
 * people type for them each mean one kind; any other value is a custom category.
 */
export const CATEGORY_KINDS = ['images', 'videos', 'documents', 'audio', 'other'] as const
export type CategoryKind = (typeof CATEGORY_KINDS)[number]

export const CATEGORY_KIND_LABELS: Readonly<Record<CategoryKind, string>> = {
  images: 'Images',
  videos: 'Videos',
  documents: 'Documents',
  audio: 'Audio',
  other: 'Other',
}

/** The category each kind is stored as when it is chosen from a list (spec section 9's automatic ones). */
export const STORED_CATEGORY_OF_KIND: Readonly<Record<CategoryKind, AutoCategory>> = {
  images: 'Images',
  videos: 'Video',
  documents: 'Documents',
  audio: 'Audio',
  other: 'Files',
}

const KIND_OF_STORED: Readonly<Record<string, CategoryKind>> = {
  images: 'images',
  image: 'images',
  video: 'videos',
  videos: 'videos',
  documents: 'documents',
  document: 'documents',
  audio: 'audio',
  files: 'other',
  file: 'other',
  other: 'other',
  '': 'other',
}

/** The kind a stored category means, in any case ('Video', 'videos', 'file'); null for a custom one. */
export function categoryKindOf(stored: string): CategoryKind | null {
  const key = stored.trim().toLowerCase()
  return Object.hasOwn(KIND_OF_STORED, key) ? (KIND_OF_STORED[key] ?? null) : null
}

/** The one label of a stored category everywhere on the screen; a custom category reads as typed. */
export function categoryLabel(stored: string): string {
  const kind = categoryKindOf(stored)
  return kind === null ? stored.trim() : CATEGORY_KIND_LABELS[kind]
}

/** A choice of category in a form: the value stored and the label shown. */
export interface CategoryChoice {
  value: string
  label: string
}

/**
 * The categories a form offers, stored as spec section 9's automatic ones and labelled as the category
 * selector labels them. `current`, a record's category, stays the value of its option: spelled otherwise
 * ('video'), it stands in for its kind's; a custom one ('Press kit') is offered last. Saving a form
 * whose category was not touched so never rewrites it.
 */
export function categoryChoices(current?: string): CategoryChoice[] {
  const kind = current === undefined ? null : categoryKindOf(current)
  const choices = CATEGORY_KINDS.map((each): CategoryChoice => {
    const stored = STORED_CATEGORY_OF_KIND[each]
    const value = each === kind && current !== undefined ? current : stored
    return { value, label: CATEGORY_KIND_LABELS[each] }
  })
  if (current === undefined || kind !== null) return choices
  return [...choices, { value: current, label: categoryLabel(current) }]
}
