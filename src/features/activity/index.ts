/**
 * The activity log: the sidebar's entry, one file's history (Details), and a loader of the whole log's
 * panel, which loads on first use. The lint rule lets others import only this file of the feature.
 */
export { ActivityEntry } from './components/activity-entry'
export type { ActivityLinks } from './components/activity-event'
// Only the Details dialog, itself a lazy part, shows a file's history: exported as a loader, so that
// its code (and SWR's infinite pages) is not on the first route with the sidebar's entry (decision 0086).
export const loadFileHistory = () => import('./components/file-history').then((module) => module.FileHistory)
export const loadActivityDialog = () =>
  import('./components/activity-dialog').then((module) => module.ActivityDialog)
