/**
 * The sidebar's Trash entry, Undo of a delete, and a loader of the Trash view, which loads on first
 * use. The lint rule lets others import only this file of the feature.
 */
export { TrashEntry } from './components/trash-entry'
export { useUndoDelete } from './model/use-undo-delete'
export type { TrashDetails } from './components/trash-view'
export const loadTrashView = () => import('./components/trash-view').then((module) => module.TrashView)
