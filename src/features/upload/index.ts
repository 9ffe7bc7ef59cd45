/**
 * What the screen uses of the upload: the Upload button and the page's drop, where the page's files
 * go, and Replace file (a record's new file, sent through the same steps). The lint rule lets others
 * import only this file of the feature.
 */
export { replaceCommand } from './commands/replace'
export { PageDrop } from './components/page-drop'
export { UploadButton } from './components/upload-button'
export type { PageFiles } from './components/upload-dialog'
export { uploadFolderFor } from './page-files'
