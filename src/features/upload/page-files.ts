import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../../contract/folder-paths'
import { FILE_DRAG_TYPE } from '../../lib/drag'

/** What the page reads of a drag's or a paste's data: DataTransfer in the browser, a plain object in tests. */
export interface CarriedData {
  types: readonly string[]
  files: ArrayLike<File>
}

/** A drag from outside the page that brings files (the 'Files' type; the files themselves are read at the drop). */
export function carriesFiles(data: Pick<CarriedData, 'types'> | null): boolean {
  return data !== null && data.types.includes('Files')
}

/** A drag of the screen's own items (cards, rows) to a folder: never an upload. */
export function carriesOwnItems(data: Pick<CarriedData, 'types'> | null): boolean {
  return data !== null && data.types.includes(FILE_DRAG_TYPE)
}

/** The files a drop or a paste holds; none for text, links and the screen's own items. */
export function filesOf(data: CarriedData | null): File[] {
  return data === null ? [] : Array.from(data.files)
}

/**
 * Where files dropped or pasted on the page go: the folder shown, or the top level when All files or
 * the Trash is shown (a file cannot be uploaded into the Trash).
 */
export function uploadFolderFor(folder: string | null, trash: boolean): string {
  return trash || folder === null ? ROOT_PATH : folder
}

/** The place as the screen names it: All files, Uncategorized (the top level itself), or `Photos / 2024`. */
export function uploadFolderLabel(folder: string | null, trash: boolean): string {
  if (trash || folder === null) return 'All files'
  if (folder === ROOT_PATH) return ROOT_FOLDER_LABEL
  return folder
    .split('/')
    .filter((segment) => segment !== '')
    .join(' / ')
}
