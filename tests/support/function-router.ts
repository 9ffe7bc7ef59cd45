import access from '../../netlify/functions/access.mts'
import accessPassword from '../../netlify/functions/access-password.mts'
import apiDocs from '../../netlify/functions/api-docs.mts'
import fileLink from '../../netlify/functions/file-link.mts'
import batchDelete from '../../netlify/functions/batch-delete.mts'
import batchMoveToFolder from '../../netlify/functions/batch-move-to-folder.mts'
import batchUpdate from '../../netlify/functions/batch-update.mts'
import cloudinarySignature from '../../netlify/functions/cloudinary-signature.mts'
import deleteFile from '../../netlify/functions/delete-file.mts'
import files from '../../netlify/functions/files.mts'
import image from '../../netlify/functions/image.mts'
import folderCreate from '../../netlify/functions/folder-create.mts'
import folderDelete from '../../netlify/functions/folder-delete.mts'
import folderList from '../../netlify/functions/folder-list.mts'
import folderUpdate from '../../netlify/functions/folder-update.mts'
import importFile from '../../netlify/functions/import.mts'
import media from '../../netlify/functions/media.mts'
import mediaPages from '../../netlify/functions/media-pages.mts'
import mediaUsage from '../../netlify/functions/media-usage.mts'
import mediaFile from '../../netlify/functions/media-file.mts'
import openapi from '../../netlify/functions/openapi.mts'
import people from '../../netlify/functions/people.mts'
import peopleAccept from '../../netlify/functions/people-accept.mts'
import replaceFile from '../../netlify/functions/replace-file.mts'
import share from '../../netlify/functions/share.mts'
import sharedFile from '../../netlify/functions/shared-file.mts'
import shares from '../../netlify/functions/shares.mts'
import tokens from '../../netlify/functions/tokens.mts'
import trashDeleteForever from '../../netlify/functions/trash-delete-forever.mts'
import trashList from '../../netlify/functions/trash-list.mts'
import trashRestore from '../../netlify/functions/trash-restore.mts'
import updateFile from '../../netlify/functions/update-file.mts'
import upload from '../../netlify/functions/upload.mts'
import uploads from '../../netlify/functions/uploads.mts'
import webflowStatus from '../../netlify/functions/webflow-status.mts'
import webflowSync from '../../netlify/functions/webflow-sync.mts'
import webflowSyncAll from '../../netlify/functions/webflow-sync-all.mts'
import activity from '../../netlify/functions/activity.mts'
import webhook from '../../netlify/functions/webhook.mts'
import webhookDeliveries from '../../netlify/functions/webhook-deliveries.mts'
import webhookDeliveryRetry from '../../netlify/functions/webhook-delivery-retry.mts'
import webhookTest from '../../netlify/functions/webhook-test.mts'
import webhooks from '../../netlify/functions/webhooks.mts'

import { matchRoute, type RoutedFunctionName } from '../../src/contract/routes'

type Handler = (request: Request) => Response | Promise<Response>

/**
 * The handler of every function a route of src/contract/routes.ts reaches: a function added to the
 * table fails to compile here until it is imported. The fallback (api-not-found) is left to callers,
 * which get null for a path no route serves.
 */
const HANDLERS: Record<RoutedFunctionName, Handler> = {
  access,
  'access-password': accessPassword,
  'api-docs': apiDocs,
  'batch-delete': batchDelete,
  'batch-move-to-folder': batchMoveToFolder,
  'batch-update': batchUpdate,
  'cloudinary-signature': cloudinarySignature,
  'delete-file': deleteFile,
  'file-link': fileLink,
  files,
  image,
  'folder-create': folderCreate,
  'folder-delete': folderDelete,
  'folder-list': folderList,
  'folder-update': folderUpdate,
  media,
  'media-pages': mediaPages,
  'media-usage': mediaUsage,
  'media-file': mediaFile,
  openapi,
  people,
  'people-accept': peopleAccept,
  'replace-file': replaceFile,
  share,
  'shared-file': sharedFile,
  shares,
  tokens,
  'trash-delete-forever': trashDeleteForever,
  'trash-list': trashList,
  'trash-restore': trashRestore,
  'update-file': updateFile,
  upload,
  import: importFile,
  uploads,
  'webflow-status': webflowStatus,
  'webflow-sync': webflowSync,
  'webflow-sync-all': webflowSyncAll,
  activity,
  webhook,
  'webhook-deliveries': webhookDeliveries,
  'webhook-delivery-retry': webhookDeliveryRetry,
  'webhook-test': webhookTest,
  webhooks,
}

/**
 * Answers a request with the real function handler that netlify.toml would route it to, passing the
 * path's parts on as the query the way the rewrites do (`?id=`, or `?purpose=&id=` for a file link).
 * Null when no route but the fallback serves the path. Pair it with
 * `replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())` so the handlers run in memory.
 */
export async function routeToFunction(request: Request): Promise<Response | null> {
  const url = new URL(request.url)
  const match = matchRoute(url.pathname)
  if (!match) return null
  // Path parts replace the request's own query, as the rewrites do.
  if (match.route.query) url.search = new URLSearchParams(match.query).toString()
  const handler = HANDLERS[match.route.function as RoutedFunctionName]
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return handler(
    new Request(url, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : null,
    }),
  )
}
