import type { Config } from '@netlify/functions'

import { fileNotFound } from '../server/errors'
import { idParameter } from '../server/http/request'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { recordEtag } from '../server/records/record-etag'
import { readStoredRecord } from '../server/records/record-shards'
import { documentStore } from '../server/store'

/**
 * `GET /api/media/{id}`: one file's record, in the trash or not (a trashed one carries `deleted_at`),
 * from one read of its shard, with its version as `ETag` (an update's `If-Match`); 404 for an id never
 * made or deleted for good. A link naming one file (the screen's `?file=`, a script holding an id) asks
 * here rather than loading the library.
 */
export default route(
  {
    GET: async (request) => {
      const id = idParameter(request, 'file')
      const record = await readStoredRecord(documentStore(), id)
      if (!record) throw fileNotFound(id)
      return json({ record }, 200, { 'Cache-Control': 'no-store', ETag: recordEtag(record) })
    },
  },
  { message: 'Failed to load the file' },
  'media-file',
)

// Reads the screen makes when an address names a file it does not hold.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
