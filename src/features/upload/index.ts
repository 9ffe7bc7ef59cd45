/**
 * What other features may use of the upload (Replace file sends a new file through the same steps);
 * the lint rule lets them import only this file of the feature.
 */
export { mimeOf } from './file-details'
export { isAbortError, uploadFailure, UPLOAD_MESSAGES, UPLOAD_WORDS, UploadError } from './messages'
export { hostFields, storeThumbnail, type UploadOneOptions, type UploadServices } from './upload-one'
export { validateIncomingFiles } from './validate-files'
export { untilServerAnswers, type ServerWait } from './wait-for-server'
/** The browser's upload services, loaded on first use (the media host, tus, pdf.js stay out of the page). */
export const loadUploadServices = () =>
  import('./upload-services').then((module) => module.browserUploadServices())
