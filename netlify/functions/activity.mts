import type { Config } from '@netlify/functions'

import { ACTIVITY_WHOLE_LOG_MESSAGE, activityQuerySchema } from '../../src/contract/activity'
import { roleIncludes } from '../../src/contract/roles'
import { listActivity } from '../server/activity/activity-log'
import { activityRetentionDays } from '../server/env'
import { ForbiddenError } from '../server/errors'
import { queryOf, validate } from '../server/http/request'
import { json } from '../server/http/respond'
import { actorOf, route } from '../server/http/route'
import { documentStore } from '../server/store'

/**
 * `GET /api/activity?actor=&action=&file_id=&cursor=` (decision 0075): who did what, newest first, a
 * page at a time. The whole log is for admins; anyone who can see files may read one file's history.
 */
export default route(
  {
    GET: async (request, call) => {
      const params = Object.fromEntries(queryOf(request, activityQuerySchema.keyof().options))
      const query = validate(activityQuerySchema, params)
      if (query.file_id === undefined && !roleIncludes(actorOf(call).role, 'admin'))
        throw new ForbiddenError(ACTIVITY_WHOLE_LOG_MESSAGE)
      return json(await listActivity(documentStore(), query, activityRetentionDays()))
    },
  },
  { message: 'Failed to load the activity' },
  'activity',
)

// Reads: a person paging through the log, or the screen opening a file's Details.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
