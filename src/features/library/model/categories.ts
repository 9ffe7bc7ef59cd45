import {
  CATEGORY_KIND_LABELS,
  CATEGORY_KINDS,
  categoryKindOf,
  type CategoryKind,
} from '../../../contract/categories'

/** The category selector's values (spec section 2) and how stored categories map onto them (DESIGN 10). */
export const CATEGORY_FILTERS = ['all', ...CATEGORY_KINDS] as const
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number]
export type FileCategory = CategoryKind

export const CATEGORY_LABELS: Readonly<Record<CategoryFilter, string>> = {
  all: 'All categories',
  ...CATEGORY_KIND_LABELS,
}

/** Images -> images, Video -> videos, Documents -> documents, Audio -> audio; Files and custom values -> other. */
export function categoryOf(stored: string): FileCategory {
  return categoryKindOf(stored) ?? 'other'
}

export function isCategoryFilter(value: string | null): value is CategoryFilter {
  return value !== null && (CATEGORY_FILTERS as readonly string[]).includes(value)
}
