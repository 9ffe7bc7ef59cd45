import { categoryFromMime, MIME_PATTERN, mimeFromName } from '../../contract/file-types'

/** The shared category's choices (spec section 9) and the stored category each stands for (DESIGN 10). */
export const CATEGORY_CHOICES = [
  { value: 'images', label: 'Images', stored: 'Images' },
  { value: 'videos', label: 'Videos', stored: 'Video' },
  { value: 'documents', label: 'Documents', stored: 'Documents' },
  { value: 'audio', label: 'Audio', stored: 'Audio' },
  { value: 'other', label: 'Other', stored: 'Files' },
] as const

export type CategoryChoice = (typeof CATEGORY_CHOICES)[number]['value']

/** Spec section 3: the shared category starts at 'documents'. */
export const DEFAULT_CATEGORY: CategoryChoice = 'documents'

export function storedCategory(choice: CategoryChoice): string {
  return CATEGORY_CHOICES.find((option) => option.value === choice)?.stored ?? 'Files'
}

/** Spec section 3: the title defaults to the name up to its first dot ('.env' keeps its whole name). */
export function titleFromName(name: string): string {
  const head = name.split('.', 1)[0] ?? ''
  return head.trim() === '' ? name : head
}

/** The file's MIME type: the browser's when it gave a valid one, else from the extension. */
export function mimeOf(file: { name: string; type: string }): string {
  const type = file.type.toLowerCase()
  return MIME_PATTERN.test(type) ? type : mimeFromName(file.name)
}

/**
 * DESIGN section 10: a file keeps its automatic category unless the user changed the shared category,
 * which then applies to the whole batch.
 */
export function categoryFor(
  file: { name: string; type: string },
  shared: { category: CategoryChoice; categoryChanged: boolean },
): string {
  return shared.categoryChanged ? storedCategory(shared.category) : categoryFromMime(mimeOf(file))
}
