import { ALL_TOKENS_QUERY } from './people-paths'
import { functionUrl, routePath } from './routes'

/** Every path the screen calls (spec section 7), filled in from the one route table (routes.ts). */
export const ENDPOINTS = {
  media: routePath('media'),
  mediaUsage: (id: number) => routePath('mediaUsage', { id: String(id) }),
  mediaPages: (shards: string) => `${routePath('mediaPages')}?shards=${shards}`,
  upload: routePath('upload'),
  import: routePath('import'),
  update: (id: number) => routePath('update', { id: String(id) }),
  replace: (id: number) => routePath('replace', { id: String(id) }),
  delete: (id: number) => routePath('delete', { id: String(id) }),
  batchUpdate: routePath('batchUpdate'),
  batchDelete: routePath('batchDelete'),
  folderList: routePath('folderList'),
  folderCreate: routePath('folderCreate'),
  folderUpdate: (id: number) => routePath('folderUpdate', { id: String(id) }),
  folderDelete: (id: number) => routePath('folderDelete', { id: String(id) }),
  batchMoveToFolder: functionUrl('batch-move-to-folder'),
  webflowSync: (id: number) => routePath('webflowSync', { id: String(id) }),
  webflowStatus: routePath('webflowStatus'),
  webflowSyncAll: routePath('webflowSyncAll'),
  trash: routePath('trash'),
  trashRestore: routePath('trashRestore'),
  trashPurge: routePath('trashPurge'),
  cloudinarySignature: routePath('cloudinarySignature'),
  /** POST with a file id makes a share link; DELETE with a share id revokes one. */
  share: (fileOrShareId: number | string) => routePath('share', { id: String(fileOrShareId) }),
  shares: (fileId: number) => `${routePath('shares')}?file=${String(fileId)}`,
  activity: routePath('activity'),
  accessPassword: routePath('accessPassword'),
  people: routePath('people'),
  person: (id: string) => routePath('person', { id }),
  peopleAccept: routePath('peopleAccept'),
  /** One's own tokens; an admin's `all`, everyone's. */
  tokens: (all = false) => (all ? `${routePath('tokens')}?${ALL_TOKENS_QUERY}=true` : routePath('tokens')),
  token: (id: string) => routePath('token', { id }),
  webhooks: routePath('webhooks'),
  webhook: (id: string) => routePath('webhook', { id }),
  webhookTest: (id: string) => routePath('webhookTest', { id }),
  webhookDeliveries: (id: string) => routePath('webhookDeliveries', { id }),
  webhookDeliveryRetry: (id: string, delivery: string) => routePath('webhookDeliveryRetry', { id, delivery }),
} as const
