import { json } from '../server/http/respond'
import { idParameter } from '../server/http/request'
import { route } from '../server/http/route'
import { deleteRecord } from '../server/records/media-service'
import { documentStore } from '../server/store'

export default route(
  {
    DELETE: async (request) => {
      const id = idParameter(request, 'file')
      await deleteRecord(documentStore(), id)
      return json({ success: true, id })
    },
  },
  { message: 'Failed to delete file' },
)
