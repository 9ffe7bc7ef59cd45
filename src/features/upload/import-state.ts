import type { ImportFields } from '../../contract/imports'
import { LIMITS } from '../../contract/limits'
import { parseTags } from '../../contract/tag-list'
import { storedCategory } from './file-details'
import { IMPORT_WORDS } from './messages'
import type { SharedMetadata } from './upload-one'

/**
 * The "Import from URL" tab's steps as data: the addresses typed, then each one waiting, importing,
 * and imported or failed. `useUrlImport` runs the imports and reports each step here.
 */

/** One address of the list and how its import stands. */
export interface ImportItem {
  url: string
  status: 'waiting' | 'importing' | 'done' | 'failed'
  error?: string
}

export interface ImportState {
  text: string
  items: readonly ImportItem[]
  running: boolean
}

export const NO_IMPORT: ImportState = { text: '', items: [], running: false }

export type ImportEvent =
  | { type: 'typed'; text: string }
  /** Import pressed: these addresses, those imported before already done. */
  | { type: 'started'; items: readonly ImportItem[] }
  | { type: 'importing'; url: string }
  | { type: 'imported'; url: string }
  | { type: 'failed'; url: string; error: string }
  | { type: 'ended' }
  | { type: 'reset' }

export function importReducer(state: ImportState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'typed':
      return { ...state, text: event.text }
    case 'started':
      return { ...state, items: event.items, running: true }
    case 'importing':
      return withStatus(state, { url: event.url, status: 'importing' })
    case 'imported':
      return withStatus(state, { url: event.url, status: 'done' })
    case 'failed':
      return withStatus(state, { url: event.url, status: 'failed', error: event.error })
    case 'ended':
      return { ...state, running: false }
    case 'reset':
      return NO_IMPORT
  }
}

function withStatus(state: ImportState, next: ImportItem): ImportState {
  if (!state.items.some((item) => item.url === next.url)) return state
  return { ...state, items: state.items.map((item) => (item.url === next.url ? next : item)) }
}

/** The addresses typed, one a line (blank lines and repeats dropped), or why they cannot be sent. */
export function parseImportUrls(text: string): { urls: string[]; problem: string | null } {
  const urls = [...new Set(text.split(/\r?\n/).map((line) => line.trim()))].filter((line) => line !== '')
  if (urls.length === 0) return { urls, problem: IMPORT_WORDS.none }
  if (urls.length > LIMITS.importBatchUrls) {
    return { urls, problem: IMPORT_WORDS.tooMany(urls.length, LIMITS.importBatchUrls) }
  }
  return { urls, problem: null }
}

/**
 * The list a press of Import starts with: every address typed, those imported by an earlier press
 * already done (a second press retries only the ones that failed), or why the addresses cannot be sent.
 */
export function importList(text: string, before: readonly ImportItem[]): readonly ImportItem[] | string {
  const { urls, problem } = parseImportUrls(text)
  if (problem !== null) return problem
  const imported = new Set(before.filter((item) => item.status === 'done').map((item) => item.url))
  return urls.map((url): ImportItem =>
    imported.has(url) ? { url, status: 'done' } : { url, status: 'waiting' },
  )
}

/** The fields every address's record gets: the dialog's shared details and destination, as uploads get. */
export function importFieldsOf(shared: SharedMetadata, folderPath: string): ImportFields {
  const author = shared.author.trim()
  return {
    description: shared.description,
    // Unchanged, the category stays the one each file's type gives it (the server reads the type).
    ...(shared.categoryChanged ? { category: storedCategory(shared.category) } : {}),
    tags: parseTags(shared.tags),
    ...(author === '' ? {} : { author }),
    folder_path: folderPath,
  }
}
