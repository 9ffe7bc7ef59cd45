import * as z from 'zod'

import { folderIdSchema } from './ids'
import { LIMITS } from './limits'
import { label } from './text'

/** The path of the top level. Spec section 3: a parent_path of '/' or empty means top level. */
export const ROOT_PATH = '/'

export const folderSchema = z.object({
  id: folderIdSchema,
  name: z.string(),
  path: z.string(),
  parent_path: z.string(),
})
export type Folder = z.infer<typeof folderSchema>

/** A folder name: one path segment, so no slashes, and not a relative-path trick. */
export const folderNameSchema = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  label(LIMITS.folderNameChars)
    .refine((name) => name.length > 0, 'Folder name is required')
    .refine((name) => !/[/\\]/.test(name), 'Folder name cannot contain / or \\')
    .refine((name) => name !== '.' && name !== '..', 'Folder name cannot be . or ..'),
)

/** '', '/', '/a', '/a/b' and 'a/b/' all normalise; anything with an invalid segment is refused. */
export const folderPathSchema = z
  .preprocess((value) => (value === undefined || value === null ? '' : value), label(LIMITS.folderPathChars))
  .transform((path, ctx) => {
    const segments = path.split('/').filter((segment) => segment !== '')
    for (const segment of segments) {
      const result = folderNameSchema.safeParse(segment)
      if (!result.success || result.data !== segment) {
        ctx.addIssue({ code: 'custom', message: `is not a valid folder path: "${path}"` })
        return z.NEVER
      }
    }
    return joinPath(ROOT_PATH, ...segments)
  })

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
