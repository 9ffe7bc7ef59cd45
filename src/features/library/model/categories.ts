/** The category selector's values (spec section 2) and how stored categories map onto them (DESIGN 10). */
export const CATEGORY_FILTERS = ['all', 'images', 'videos', 'documents', 'audio', 'other'] as const
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number]
export type FileCategory = Exclude<CategoryFilter, 'all'>

export const CATEGORY_LABELS: Readonly<Record<CategoryFilter, string>> = {
  all: 'All categories',
  images: 'Images',
  videos: 'Videos',
  documents: 'Documents',
  audio: 'Audio',
  other: 'Other',
}

const STORED_TO_FILTER: Readonly<Record<string, FileCategory>> = {
  images: 'images',
  video: 'videos',
  documents: 'documents',
  audio: 'audio',
}

/** Images -> images, Video -> videos, Documents -> documents, Audio -> audio; Files and custom values -> other. */
export function categoryOf(stored: string): FileCategory {
  return STORED_TO_FILTER[stored.trim().toLowerCase()] ?? 'other'
}

export function isCategoryFilter(value: string | null): value is CategoryFilter {
  return value !== null && (CATEGORY_FILTERS as readonly string[]).includes(value)
}
