import { deleteFolder } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { idParameter } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  {
    DELETE: async (request) => {
      const id = idParameter(request, 'folder')
      return json(await deleteFolder(documentStore(), id))
    },
  },
  { message: 'Failed to delete folder' },
)
