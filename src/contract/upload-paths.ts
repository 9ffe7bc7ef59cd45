/**
 * The built-in media host: files go up through the tus 1.0 resumable protocol at `UPLOADS_PATH` and are
 * served from `/api/files/{uploadId}/{name}`. Shared by the upload client and the functions.
 */
export const UPLOADS_PATH = '/api/uploads'
export const FILES_PATH = '/api/files'
