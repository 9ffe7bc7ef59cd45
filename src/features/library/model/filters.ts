import { ROOT_PATH } from '../../../contract/folder-paths'
import type { CategoryFilter } from './categories'

/**
 * Every filter of the screen: spec section 4's search, category, folder, type and date range, and a tag
 * or an author picked from a file (which the spec's search does not replace: it matches parts of words).
 */
export interface Filters {
  /** Matched case-insensitively against title, description, author and each tag. */
  query: string
  /** A folder path; ROOT_PATH is 'Uncategorized'; null shows every folder. */
  folder: string | null
  category: CategoryFilter
  /** An exact `file_type` (MIME type); null for any. */
  type: string | null
  /** Calendar days (YYYY-MM-DD, local time), inclusive; null for open-ended. */
  from: string | null
  to: string | null
  /** One of a file's tags, compared as labels are (`labelKey`: case and look-alikes aside); null for any. */
  tag: string | null
  /** A file's author, compared the same way; null for any. */
  author: string | null
  /**
   * Only files not used for this many days (`isUnused`: no Webflow item, no live share link, neither
   * delivered nor uploaded since); null for any.
   */
  unused: number | null
}

/** A filter picked from a file: one of its tags, or its author. */
export type FileFilter = { tag: string } | { author: string }

export const NO_FILTERS: Filters = {
  query: '',
  folder: null,
  category: 'all',
  type: null,
  from: null,
  to: null,
  tag: null,
  author: null,
  unused: null,
}

export type SortKey = 'title' | 'type' | 'size' | 'date'
export type SortDirection = 'asc' | 'desc'
export interface Sort {
  key: SortKey
  direction: SortDirection
}
/** Spec section 9: the default sort is title ascending. */
export const DEFAULT_SORT: Sort = { key: 'title', direction: 'asc' }

/**
 * Whether the empty state should suggest changing the criteria rather than uploading. The spec names
 * search and category; type, date, tag, author and Unused narrow the list the same way, so they count too. A folder does not:
 * an empty folder is one to upload into.
 */
export function narrowsResults(filters: Filters): boolean {
  return (
    filters.query.trim() !== '' ||
    filters.category !== 'all' ||
    filters.type !== null ||
    filters.from !== null ||
    filters.to !== null ||
    filters.tag !== null ||
    filters.author !== null ||
    filters.unused !== null
  )
}

/** A record's folder as the filters see it: spec section 3 reads an empty path as the top level. */
export function normaliseFolderPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? ROOT_PATH : trimmed
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The first millisecond of a local calendar day, or null for an absent or malformed day. */
export function startOfDay(day: string | null): number | null {
  if (day === null || !DAY.test(day)) return null
  const time = new Date(`${day}T00:00:00`).getTime()
  return Number.isNaN(time) ? null : time
}

/** The last millisecond of a local calendar day. */
export function endOfDay(day: string | null): number | null {
  const start = startOfDay(day)
  return start === null ? null : new Date(`${day ?? ''}T23:59:59.999`).getTime()
}
