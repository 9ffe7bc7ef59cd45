import access from '../../netlify/functions/access.mts'
import fileLink from '../../netlify/functions/file-link.mts'
import batchDelete from '../../netlify/functions/batch-delete.mts'
import batchMoveToFolder from '../../netlify/functions/batch-move-to-folder.mts'
import batchUpdate from '../../netlify/functions/batch-update.mts'
import cloudinarySignature from '../../netlify/functions/cloudinary-signature.mts'
import deleteFile from '../../netlify/functions/delete-file.mts'
import files from '../../netlify/functions/files.mts'
import folderCreate from '../../netlify/functions/folder-create.mts'
import folderDelete from '../../netlify/functions/folder-delete.mts'
import folderList from '../../netlify/functions/folder-list.mts'
import folderUpdate from '../../netlify/functions/folder-update.mts'
import media from '../../netlify/functions/media.mts'
import mediaPages from '../../netlify/functions/media-pages.mts'
import replaceFile from '../../netlify/functions/replace-file.mts'
import trashDeleteForever from '../../netlify/functions/trash-delete-forever.mts'
import trashList from '../../netlify/functions/trash-list.mts'
import trashRestore from '../../netlify/functions/trash-restore.mts'
import updateFile from '../../netlify/functions/update-file.mts'
import upload from '../../netlify/functions/upload.mts'
import uploads from '../../netlify/functions/uploads.mts'
import webflowStatus from '../../netlify/functions/webflow-status.mts'
import webflowSync from '../../netlify/functions/webflow-sync.mts'
import webflowSyncAll from '../../netlify/functions/webflow-sync-all.mts'

type Handler = (request: Request) => Response | Promise<Response>

/** The rewrites of netlify.toml, as a table: the path pattern, its function, and whether it takes an id. */
const ROUTES: readonly { pattern: RegExp; handler: Handler }[] = [
  { pattern: /^\/api\/access$/, handler: access },
  // Named groups: several path parts become the query, which replaces the request's own (as netlify does).
  { pattern: /^\/api\/file-link\/(?<purpose>[^/]+)\/(?<id>[^/]+)\/.+$/, handler: fileLink },
  {
    pattern: /^\/api\/signed-files\/(?<expires>[^/]+)\/(?<signature>[^/]+)\/(?<id>[^/]+)\/.+$/,
    handler: files,
  },
  { pattern: /^\/api\/media$/, handler: media },
  { pattern: /^\/api\/media-pages$/, handler: mediaPages },
  { pattern: /^\/api\/upload$/, handler: upload },
  { pattern: /^\/api\/update\/([^/]+)$/, handler: updateFile },
  { pattern: /^\/api\/replace\/([^/]+)$/, handler: replaceFile },
  { pattern: /^\/api\/delete\/([^/]+)$/, handler: deleteFile },
  { pattern: /^\/api\/batch-update$/, handler: batchUpdate },
  { pattern: /^\/api\/batch-delete$/, handler: batchDelete },
  { pattern: /^\/api\/folder-list$/, handler: folderList },
  { pattern: /^\/api\/folder-create$/, handler: folderCreate },
  { pattern: /^\/api\/folder-update\/([^/]+)$/, handler: folderUpdate },
  { pattern: /^\/api\/folder-delete\/([^/]+)$/, handler: folderDelete },
  { pattern: /^\/(?:\.netlify\/functions|api)\/batch-move-to-folder$/, handler: batchMoveToFolder },
  { pattern: /^\/api\/uploads$/, handler: uploads },
  { pattern: /^\/api\/uploads\/([^/]+)$/, handler: uploads },
  { pattern: /^\/api\/files\/([^/]+)(?:\/.*)?$/, handler: files },
  { pattern: /^\/api\/webflow-sync-all$/, handler: webflowSyncAll },
  { pattern: /^\/api\/webflow-sync\/([^/]+)$/, handler: webflowSync },
  { pattern: /^\/api\/webflow-status$/, handler: webflowStatus },
  { pattern: /^\/api\/trash$/, handler: trashList },
  { pattern: /^\/api\/trash\/restore$/, handler: trashRestore },
  { pattern: /^\/api\/trash\/purge$/, handler: trashDeleteForever },
  { pattern: /^\/api\/cloudinary-signature$/, handler: cloudinarySignature },
]

/**
 * Answers a request with the real function handler that netlify.toml would route it to, passing a path
 * id on as `?id=` the way the rewrites do. Null when no function serves the path. Pair it with
 * `replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())` so the handlers run in memory.
 */
export async function routeToFunction(request: Request): Promise<Response | null> {
  const url = new URL(request.url)
  for (const { pattern, handler } of ROUTES) {
    const match = pattern.exec(url.pathname)
    if (!match) continue
    if (match.groups) {
      url.search = ''
      for (const [name, value] of Object.entries(match.groups)) {
        url.searchParams.set(name, decodeURIComponent(value))
      }
    } else if (match[1] !== undefined) url.searchParams.set('id', decodeURIComponent(match[1]))
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    return handler(
      new Request(url, {
        method: request.method,
        headers: request.headers,
        body: hasBody ? await request.arrayBuffer() : null,
      }),
    )
  }
  return null
}
