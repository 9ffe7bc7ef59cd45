import { listFolders } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  { GET: async () => json(await listFolders(documentStore())) },
  { message: 'Failed to load folders' },
)
