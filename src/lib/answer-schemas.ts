// First, so that zod is configured before any schema parses with it.
import './zod-config'

import * as z from 'zod'

import { accessStatusSchema } from '../contract/access-schemas'
import { activityPageSchema } from '../contract/activity'
import {
  batchMoveResponseSchema,
  batchResponseSchema,
  deleteResponseSchema,
  errorBodySchema,
  folderDeleteResponseSchema,
  folderListSchema,
  folderUpdateResponseSchema,
  mediaFileAnswerSchema,
  trashPageSchema,
  updateResponseSchema,
  webflowSyncAllResponseSchema,
  webflowSyncAllStatusSchema,
  webflowSyncResponseSchema,
} from '../contract/api'
import { folderSchema } from '../contract/folder'
import {
  acceptedPersonSchema,
  createdTokenSchema,
  invitedPersonSchema,
  personListSchema,
  personSchema,
  tokenListSchema,
} from '../contract/people'
import { webflowStatusSchema } from '../contract/webflow'
import {
  deliveryListSchema,
  deliveryQueuedSchema,
  webhookCreatedSchema,
  webhookListSchema,
  webhookSchema,
} from '../contract/webhooks'

/**
 * The contract's schemas of the answers the screen's own calls read, by name (`apiRequest(path, {
 * schema: 'folderList' })`). This module and zod load with the first call rather than on the first
 * route (decision 0042); each name is the contract's one schema, not a copy.
 */
export const ANSWER_SCHEMAS = {
  accessStatus: accessStatusSchema,
  activityPage: activityPageSchema,
  acceptedPerson: acceptedPersonSchema,
  createdToken: createdTokenSchema,
  invitedPerson: invitedPersonSchema,
  person: personSchema,
  personList: personListSchema,
  tokenList: tokenListSchema,
  batchMoveResponse: batchMoveResponseSchema,
  batchResponse: batchResponseSchema,
  deleteResponse: deleteResponseSchema,
  errorBody: errorBodySchema,
  folder: folderSchema,
  folderDeleteResponse: folderDeleteResponseSchema,
  folderList: folderListSchema,
  folderUpdateResponse: folderUpdateResponseSchema,
  /** An answer with no body (`null`), such as signing in or out. */
  nothing: z.null(),
  trashPage: trashPageSchema,
  updateResponse: updateResponseSchema,
  mediaFileAnswer: mediaFileAnswerSchema,
  webflowStatus: webflowStatusSchema,
  webflowSyncAllResponse: webflowSyncAllResponseSchema,
  webflowSyncAllStatus: webflowSyncAllStatusSchema,
  webflowSyncResponse: webflowSyncResponseSchema,
  webhook: webhookSchema,
  webhookCreated: webhookCreatedSchema,
  webhookList: webhookListSchema,
  webhookDeliveries: deliveryListSchema,
  deliveryQueued: deliveryQueuedSchema,
} as const

export type AnswerSchemas = typeof ANSWER_SCHEMAS
