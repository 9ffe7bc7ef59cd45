/** Folder paths and names without zod: what the screen's first route needs; the schemas are in folder.ts. */
import { labelKey } from './labels'

/** The path of the top level. Spec section 3: a parent_path of '/' or empty means top level. */
export const ROOT_PATH = '/'

/** What the top level is called wherever a file's folder is shown (spec section 2's folder selector). */
export const ROOT_FOLDER_LABEL = 'Uncategorized'

/** A file's folder as a person reads it: its path, or 'Uncategorized' for the top level. */
export function folderPathLabel(path: string): string {
  return path === ROOT_PATH || path === '' ? ROOT_FOLDER_LABEL : path
}

/** How a refused folder name is spoken of: 'Folder name contains an invisible character (...); remove it.' */
export const FOLDER_NAME_SUBJECT = 'Folder name'

/**
 * Whether two folder names are one name beside each other: compared after NFKC and case folding
 * (`labelKey`), so 'Reports', 'REPORTS' and a fullwidth 'Ｒｅｐｏｒｔｓ' are the same folder.
 */
export function sameFolderName(a: string, b: string): boolean {
  return labelKey(a) === labelKey(b)
}

/**
 * The refusal of `wanted` beside `existing` in `parentPath`. A spelling that differs by more than case
 * (another width, an invisible character in the stored name) is named too, since it may not look it.
 */
export function folderClashMessage(existing: string, wanted: string, parentPath: string): string {
  const taken = `A folder named "${existing}" already exists in ${parentPath}`
  return existing.toLowerCase() === wanted.toLowerCase()
    ? taken
    : `${taken}, and "${wanted}" reads as the same name; choose another.`
}

/** Joins path segments under a parent path; the root joins to '/name'. */
export function joinPath(parent: string, ...names: string[]): string {
  const segments = [...parent.split('/'), ...names].filter((segment) => segment !== '')
  return `/${segments.join('/')}`
}

/** True when `path` is `ancestor` itself or lies anywhere below it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === ROOT_PATH || path === ancestor || path.startsWith(`${ancestor}/`)
}
