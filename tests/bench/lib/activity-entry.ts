/**
 * What `activity.figures.ts` runs of the server: the activity log over the in-memory store. Bundled by
 * `in-process.ts`, since the server's own imports leave out file extensions, which Node does not resolve.
 */
export { appendActivity, listActivity } from '../../../netlify/server/activity/activity-log.ts'
export { MemoryDocumentStore } from '../../../netlify/server/storage/memory-store.ts'
