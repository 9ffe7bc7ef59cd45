import { batchDeleteRequestSchema } from '../../src/contract/api'
import { releaseFiles } from '../server/files/release-files'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { batchDelete } from '../server/records/media-service'
import { cloudinaryCredentials, mediaHostStores } from '../server/store'
import { mirrorDeletes } from '../server/webflow/mirror-hooks'

export default route(
  {
    POST: async (request) => {
      const { ids } = validate(batchDeleteRequestSchema, await readJson(request))
      const stores = mediaHostStores()
      const response = await batchDelete(stores.documents, ids)
      const deleted = response.results.flatMap((result) => (result.record ? [result.record] : []))
      await releaseFiles(stores, deleted, cloudinaryCredentials())
      await mirrorDeletes(request, deleted)
      return json(response)
    },
  },
  { message: 'Batch delete failed' },
)
