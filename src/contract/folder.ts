import * as z from 'zod'

import { folderIdSchema } from './ids'
import { LIMITS } from './limits'
import { label, labelKey, reference } from './text'

/** The path of the top level. Spec section 3: a parent_path of '/' or empty means top level. */
export const ROOT_PATH = '/'

/** What the top level is called wherever a file's folder is shown (spec section 2's folder selector). */
export const ROOT_FOLDER_LABEL = 'Uncategorized'

/** A file's folder as a person reads it: its path, or 'Uncategorized' for the top level. */
export function folderPathLabel(path: string): string {
  return path === ROOT_PATH || path === '' ? ROOT_FOLDER_LABEL : path
}

export const folderSchema = z.object({
  id: folderIdSchema,
  name: z.string(),
  path: z.string(),
  parent_path: z.string(),
})
export type Folder = z.infer<typeof folderSchema>

/** How a refused folder name is spoken of: 'Folder name contains an invisible character (...); remove it.' */
export const FOLDER_NAME_SUBJECT = 'Folder name'

const segmentRules = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .refine((name) => name.length > 0, 'Folder name is required')
    .refine((name) => !/[/\\]/.test(name), 'Folder name cannot contain / or \\')
    .refine((name) => name !== '.' && name !== '..', 'Folder name cannot be . or ..')

/**
 * A folder name: one path segment, so no slashes, and not a relative-path trick; a label, so nothing
 * invisible, no line breaks and no direction controls (`labelProblem`).
 */
export const folderNameSchema = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  segmentRules(label(LIMITS.folderNameChars, FOLDER_NAME_SUBJECT)),
)

/**
 * A segment of a path that names an existing folder. Looser than a new name: a folder stored before
 * names refused invisible characters can still be reached by its path until it is renamed.
 */
const pathSegmentSchema = segmentRules(reference(LIMITS.folderNameChars))

/** '', '/', '/a', '/a/b' and 'a/b/' all normalise; anything with an invalid segment is refused. */
export const folderPathSchema = z
  .preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    reference(LIMITS.folderPathChars),
  )
  .transform((path, ctx) => {
    const segments = path.split('/').filter((segment) => segment !== '')
    for (const segment of segments) {
      const result = pathSegmentSchema.safeParse(segment)
      if (!result.success || result.data !== segment) {
        ctx.addIssue({ code: 'custom', message: `is not a valid folder path: "${path}"` })
        return z.NEVER
      }
    }
    return joinPath(ROOT_PATH, ...segments)
  })

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

export const folderCreateSchema = z.object({
  name: folderNameSchema,
  parent_path: folderPathSchema.optional().default(ROOT_PATH),
})
export type FolderCreate = z.infer<typeof folderCreateSchema>

/** Renames a folder, moves it under another parent, or both; the path of everything inside follows. */
export const folderUpdateSchema = z
  .object({
    name: folderNameSchema.optional(),
    parent_path: folderPathSchema.optional(),
  })
  .refine(
    (update) => update.name !== undefined || update.parent_path !== undefined,
    'Give a new name, a new parent_path, or both',
  )
export type FolderUpdate = z.infer<typeof folderUpdateSchema>
