/**
 * What other features may use of the library (the Trash view shows each file's picture as a list row
 * does, Delete removes one file); the lint rule lets them import only this file of the feature.
 */
export { Thumbnail } from './components/thumbnail'
export { deleteFile } from './api/delete-file'
