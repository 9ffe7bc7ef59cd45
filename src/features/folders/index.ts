/**
 * What other features may use of the folders (the Move dialog makes a folder without leaving it); the
 * lint rule lets them import only this file of the feature.
 */
export { NewFolderButton } from './components/new-folder-button'
