import { folderCreateSchema } from '../../src/contract/folder'
import { createFolder } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  {
    POST: async (request) => {
      const input = validate(folderCreateSchema, await readJson(request))
      return json(await createFolder(documentStore(), input), 201)
    },
  },
  { message: 'Failed to create folder' },
)
