import { folderPathLabel } from '../../../contract/folder-paths'
import type { MediaRecord } from '../../../contract/record'
import type { FileUsage, WebflowPlace } from '../../../contract/usage'
import { countOf } from '../../../lib/plural'

/** The words the screen uses for where files are used. */
export const USAGE_WORDS = {
  heading: 'Used in',
  checking: 'Checking where this file is used...',
  failed: 'Could not check where this file is used',
  nowhere: 'Not in a Webflow item or a share link.',
} as const

/** "Webflow item 64f1..., live, in the field hero-image". */
export function webflowPlaceWords({ item_id, live, field }: WebflowPlace): string {
  const where = field === null ? '' : `, in the field ${field}`
  return `Webflow item ${item_id}, ${live ? 'live on the site' : 'not live'}${where}`
}

export const shareWords = (count: number) =>
  `${countOf(count, 'share link')} that still open${count === 1 ? 's' : ''}`

/**
 * The places a delete takes the file out of: its Webflow items and its live share links, in words;
 * empty when it is in neither. Its folder is no such place: every file is in one.
 */
export function placesInUse(usage: FileUsage): string[] {
  return [...usage.webflow.map(webflowPlaceWords), ...(usage.shares > 0 ? [shareWords(usage.shares)] : [])]
}

/** Each line of Details' "Used in": the places in use, then the folder. */
export function usedInLines(usage: FileUsage): string[] {
  return [...placesInUse(usage), ...usage.folders.map((folder) => `Folder ${folderPathLabel(folder.path)}`)]
}

/**
 * What the listing says of many files about to be deleted: how many are in a Webflow item, how many
 * have a share link that may still open (`shared_until` ahead of `now`). Empty when none is.
 */
export function placesOfFiles(records: readonly MediaRecord[], now = Date.now()): string[] {
  const nowIso = new Date(now).toISOString()
  let inWebflow = 0
  let shared = 0
  for (const record of records) {
    if (record.webflow?.item_id) inWebflow += 1
    if (record.shared_until !== undefined && record.shared_until > nowIso) shared += 1
  }
  return [
    ...(inWebflow > 0 ? [`${countOf(inWebflow, 'file')} in a Webflow item`] : []),
    ...(shared > 0 ? [`${countOf(shared, 'file')} with a share link that still opens`] : []),
  ]
}
