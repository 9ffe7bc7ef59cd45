import type { Config } from '@netlify/functions'

import { listFolders } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  { GET: async () => json(await listFolders(documentStore())) },
  { message: 'Failed to load folders' },
  'folder-list',
)

// Reads: the screen asks on load and after each folder change.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
