import type { Folder } from '../../../contract/folder'
import { joinPath, ROOT_FOLDER_LABEL, ROOT_PATH } from '../../../contract/folder-paths'
import { compareFolderNames } from './folder-names'

export interface FolderNode {
  name: string
  path: string
  /** Null for a folder known only from the paths on files (the fallback of spec section 2). */
  id: number | null
  children: FolderNode[]
}

function sortTree(nodes: FolderNode[]): FolderNode[] {
  nodes.sort((a, b) => compareFolderNames(a.name, b.name))
  for (const node of nodes) sortTree(node.children)
  return nodes
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut <= 0 ? ROOT_PATH : path.slice(0, cut)
}

/**
 * The folder tree, siblings by name. With no folders loaded it is built from the folder paths found on
 * files instead (spec section 2); a folder whose parent is missing is shown at the top level.
 */
export function buildFolderTree(folders: readonly Folder[], fallbackPaths: readonly string[]): FolderNode[] {
  const nodes = new Map<string, FolderNode>()
  if (folders.length > 0) {
    for (const folder of folders) {
      nodes.set(folder.path, { name: folder.name, path: folder.path, id: folder.id, children: [] })
    }
  } else {
    for (const path of fallbackPaths) {
      const segments = path.split('/').filter(Boolean)
      segments.forEach((name, depth) => {
        const prefix = joinPath(ROOT_PATH, ...segments.slice(0, depth + 1))
        if (!nodes.has(prefix)) nodes.set(prefix, { name, path: prefix, id: null, children: [] })
      })
    }
  }
  const roots: FolderNode[] = []
  for (const node of nodes.values()) {
    const parent = nodes.get(parentOf(node.path))
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return sortTree(roots)
}

export interface FlatFolder {
  node: FolderNode
  depth: number
}

/** Depth-first, parents before children: the order of the folder selector and of the tree. */
export function flattenTree(
  nodes: readonly FolderNode[],
  isOpen: (path: string) => boolean = () => true,
): FlatFolder[] {
  const flat: FlatFolder[] = []
  const visit = (list: readonly FolderNode[], depth: number) => {
    for (const node of list) {
      flat.push({ node, depth })
      if (isOpen(node.path)) visit(node.children, depth + 1)
    }
  }
  visit(nodes, 0)
  return flat
}

/** The display name of a folder path; the top level is 'Uncategorized'. */
export function folderLabel(path: string): string {
  if (path === ROOT_PATH || path === '') return ROOT_FOLDER_LABEL
  return path.slice(path.lastIndexOf('/') + 1)
}

/** Every ancestor path of `path`, outermost first, excluding the root. */
export function ancestorsOf(path: string): string[] {
  const segments = path.split('/').filter(Boolean)
  return segments.map((_, depth) => joinPath(ROOT_PATH, ...segments.slice(0, depth + 1)))
}
