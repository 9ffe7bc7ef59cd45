/**
 * The View command, and a loader of the Details dialog, which loads on first use. The lint rule lets
 * others import only this file of the feature.
 */
export { viewCommand } from './commands/view'
export const loadDetailsDialog = () =>
  import('./components/details-dialog').then((module) => module.DetailsDialog)
