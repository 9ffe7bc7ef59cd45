import { batchDeleteRequestSchema } from '../../src/contract/api'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { batchDelete } from '../server/records/media-service'
import { documentStore } from '../server/store'

export default route(
  {
    POST: async (request) => {
      const { ids } = validate(batchDeleteRequestSchema, await readJson(request))
      return json(await batchDelete(documentStore(), ids))
    },
  },
  { message: 'Batch delete failed' },
)
