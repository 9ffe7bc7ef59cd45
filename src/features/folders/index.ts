/**
 * What the screen and other features use of the folders: the folder list and its tree, the places the
 * screen lays out (tree, drawer, tiles, breadcrumbs, the folder select), and the folder of a path as a
 * move target. The Move dialog makes a folder without leaving it. The lint rule lets others import only
 * this file of the feature.
 */
export { useFolders } from './api/get-folders'
export { buildFolderTree, flattenTree, type FolderNode } from './model/folder-tree'
export { filesByPath } from './model/folder-changes'
export { NewFolderButton } from './components/new-folder-button'
