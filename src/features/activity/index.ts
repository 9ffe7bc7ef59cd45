/**
 * The activity log: the sidebar's entry, one file's history (Details), and a loader of the whole log's
 * panel, which loads on first use. The lint rule lets others import only this file of the feature.
 */
export { ActivityEntry } from './components/activity-entry'
export { FileHistory } from './components/file-history'
export const loadActivityDialog = () =>
  import('./components/activity-dialog').then((module) => module.ActivityDialog)
