/**
 * What other features may use of the download (bulk actions save the selection as one ZIP); the lint
 * rule lets them import only this file of the feature. Import it lazily: it carries the ZIP writer.
 */
export { downloadAsZip } from './download-zip'
