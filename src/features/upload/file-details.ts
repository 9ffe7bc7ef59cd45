import {
  CATEGORY_KIND_LABELS,
  CATEGORY_KINDS,
  STORED_CATEGORY_OF_KIND,
  type CategoryKind,
} from '../../contract/categories'
import { categoryFromMime, MIME_PATTERN } from '../../contract/file-types'
import { mimeFromName } from '../../contract/mime-from-name'

/** The shared category's fixed choices (spec section 9), labelled as everywhere on the screen. */
export const CATEGORY_CHOICES = CATEGORY_KINDS.map((value) => ({ value, label: CATEGORY_KIND_LABELS[value] }))

export type CategoryChoice = CategoryKind

/**
 * Spec section 3: the shared category starts at 'documents'. Until the user chooses one it is not
 * applied (DESIGN section 10), so the dialog shows the choice it stands for: "By file type".
 */
export const DEFAULT_CATEGORY: CategoryChoice = 'documents'

/** The shared category's first choice, the default: each file gets the automatic category of its type. */
export const BY_FILE_TYPE = { value: 'by-file-type', label: 'By file type' } as const

export function storedCategory(choice: CategoryChoice): string {
  return STORED_CATEGORY_OF_KIND[choice]
}

export { titleFromName } from '../../contract/labels'

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
