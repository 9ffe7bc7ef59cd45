import type { MediaRecord } from '../../../src/contract/record'

/**
 * A built-in file id anywhere in a URL: `/api/files/{id}` followed by `/`, `?`, `#` or the end, whether
 * the URL is a path on this site or absolute. Purge, repair and record creation all ask this one
 * matcher, so a file one of them counts as used is used for all of them.
 */
const FILE_REFERENCE = /\/api\/files\/([0-9a-z]{9}[A-Za-z0-9_-]{16})(?=[/?#]|$)/g

/** The built-in file ids one URL mentions. */
export function fileIdsInUrl(url: string | null): string[] {
  if (!url) return []
  return [...url.matchAll(FILE_REFERENCE)].flatMap((match) => (match[1] ? [match[1]] : []))
}

/** The built-in file ids a record points at: its file and its stored thumbnail. */
export function referencedFileIds(record: Pick<MediaRecord, 'media_url' | 'thumbnail'>): string[] {
  return [...new Set([...fileIdsInUrl(record.media_url), ...fileIdsInUrl(record.thumbnail)])]
}

/** Every built-in file id that any of `records` points at. */
export function fileIdsReferencedBy(
  records: readonly Pick<MediaRecord, 'media_url' | 'thumbnail'>[],
): Set<string> {
  const ids = new Set<string>()
  for (const record of records) for (const id of referencedFileIds(record)) ids.add(id)
  return ids
}
