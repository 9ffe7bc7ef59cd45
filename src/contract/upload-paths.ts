import { routePath, routePrefix } from './routes'

/**
 * The built-in media host: files go up through the tus 1.0 resumable protocol at `UPLOADS_PATH` and are
 * served from `/api/files/{uploadId}/{name}`. Shared by the upload client and the functions.
 */
export const UPLOADS_PATH = routePath('uploads')
/** The start of every built-in file's URL, `/api/files/`. */
export const FILES_PREFIX = routePrefix('file')

/** A built-in file's URL: its id, then its name, so the URL ends in the file's own extension. */
export function builtInFileUrl(id: string, name: string): string {
  return `${FILES_PREFIX}${id}/${encodeURIComponent(name)}`
}
