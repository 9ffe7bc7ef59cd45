import * as z from 'zod'

import { folderSchema } from './folder'
import { LIMITS } from './limits'

/**
 * Where a file is used (decision 0073), from what the server already knows: the Webflow mirror's item,
 * the file's share links, its folder. Nothing here asks Webflow.
 */

/** The record's item in the Webflow collection the mirror writes to. */
export const webflowPlaceSchema = z.object({
  item_id: z.string().max(LIMITS.webflowIdChars),
  /** The collection the mirror is set to write to; null when the mirror is no longer configured. */
  collection_id: z.string().nullable(),
  /**
   * The collection field that holds the file, as the last connection test (or `WEBFLOW_FIELD_MAP`)
   * found it; null when neither has said.
   */
  field: z.string().nullable(),
  /**
   * The address of the file the item links to, as the mirror writes it; null when the item holds only
   * Webflow's own copy of the file (behind the access gate), whose address the record does not keep.
   */
  url: z.string().nullable(),
  /** Whether the item was last written published on the live site (not staged, not failed). */
  live: z.boolean(),
})
export type WebflowPlace = z.infer<typeof webflowPlaceSchema>

/** `GET /api/media/{id}/usage`. */
export const fileUsageSchema = z.object({
  webflow: z.array(webflowPlaceSchema),
  /** Share links of the file that still open (not expired, not revoked). */
  shares: z.int().min(0),
  /** The folder the file is in; empty for a file at the top level (Uncategorized). */
  folders: z.array(folderSchema),
})
export type FileUsage = z.infer<typeof fileUsageSchema>
