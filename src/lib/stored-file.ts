import { ENDPOINTS } from '../contract/endpoints'
import type { MediaRecord } from '../contract/record'
import { apiRequest } from './api-client'

/**
 * A file's record as stored now, with its version (`ETag`): an update sent with it as `If-Match` is made
 * only while it holds.
 */
export interface StoredFile {
  record: MediaRecord
  /** Null when the answer carried none. */
  version: string | null
}

/**
 * One file's record as the server holds it now, in the trash or not (`deleted_at`), and its version: a
 * link the library does not hold (the library's `file-from-server.ts`) and Edit's save ask it. Only parts
 * loaded on demand import it, so it stays out of the first route.
 */
export async function getStoredFile(id: number): Promise<StoredFile> {
  let version: string | null = null
  const answer = await apiRequest(ENDPOINTS.mediaFile(id), {
    schema: 'mediaFileAnswer',
    onHeaders: (headers) => {
      version = headers.get('ETag')
    },
  })
  return { record: answer.record, version }
}
