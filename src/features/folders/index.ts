/**
 * What the screen and other features use of the folders: the folder list and its tree, the places the
 * screen lays out (tree, drawer, tiles, breadcrumbs, the folder select, the folder actions around the
 * files), and a path as a move target. The Move dialog makes a folder without leaving it. The lint rule
 * lets others import only this file of the feature.
 */
export { useFolders } from './api/get-folders'
export { Breadcrumbs } from './components/breadcrumbs'
export { EmptyFolderActions } from './components/empty-folder-actions'
export { FolderActionsProvider } from './components/folder-actions'
export { FolderDrawer, FoldersButton } from './components/folder-drawer'
export { FolderSelect } from './components/folder-select'
export { FolderTiles } from './components/folder-tiles'
export { FolderTree } from './components/folder-tree'
export { NewFolderButton } from './components/new-folder-button'
export { buildFolderTree, flattenTree, type FolderNode } from './model/folder-tree'
export { useFolderAt } from './use-folder-at'
