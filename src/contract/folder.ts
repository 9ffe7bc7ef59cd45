import * as z from 'zod'

import { folderIdSchema } from './ids'
import { LIMITS } from './limits'
import { FOLDER_NAME_SUBJECT, joinPath, ROOT_PATH } from './folder-paths'
import { label, reference } from './text'

export {
  FOLDER_NAME_SUBJECT,
  folderClashMessage,
  folderPathLabel,
  isWithin,
  joinPath,
  ROOT_FOLDER_LABEL,
  ROOT_PATH,
  sameFolderName,
} from './folder-paths'

export const folderSchema = z.object({
  id: folderIdSchema,
  name: z.string(),
  path: z.string(),
  parent_path: z.string(),
})
export type Folder = z.infer<typeof folderSchema>

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
