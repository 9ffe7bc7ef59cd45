import { createContext, useContext, useState, type ReactNode } from 'react'

import { lazyWithPreload, OpenedOnce } from '../../../components/ui/lazy-load'
import { toast } from '../../../components/ui/toast'
import type { Folder } from '../../../contract/folder'
import type { MoveTarget } from '../../../lib/move-target'
import type { MediaCache } from '../../../lib/record-changes'
import { useFolders } from '../api/get-folders'
import { deleteFolderMessage, moveProblem, parentPathOf } from '../model/folder-changes'
import { buildFolderTree } from '../model/folder-tree'
import { useFolderChanges } from '../model/use-folder-changes'
import './folders.css'

// The dialogs load with the other lazy parts at the first idle moment, or when first opened.
const FolderNameDialog = lazyWithPreload(() =>
  import('./folder-name-dialog').then((module) => module.FolderNameDialog),
)
const MoveFolderDialog = lazyWithPreload(() =>
  import('./move-folder-dialog').then((module) => module.MoveFolderDialog),
)
const ConfirmDialog = lazyWithPreload(() =>
  import('../../../components/ui/confirm-dialog').then((module) => module.ConfirmDialog),
)

/** What the folder menus, drags and tiles can do; absent (null) where folders cannot be changed. */
export interface FolderActions {
  folders: readonly Folder[]
  /**
   * Files in each folder path, not counting the folders below it: counted on first use (a folder tile,
   * a delete confirmation), as a pass over every file that most lists, showing no subfolder, never need.
   */
  fileCounts: () => ReadonlyMap<string, number>
  rename: (folder: Folder) => void
  move: (folder: Folder) => void
  remove: (folder: Folder) => void
  onDropFiles: (ids: number[], target: MoveTarget) => void
  onDropFolder: (id: number, target: MoveTarget) => void
}

const FolderActionsContext = createContext<FolderActions | null>(null)

export function useFolderActions(): FolderActions | null {
  return useContext(FolderActionsContext)
}

type Open = { kind: 'none' } | { kind: 'rename' | 'move' | 'delete'; folder: Folder }

interface FolderActionsProviderProps {
  /** Files per folder path, made on first use (a folder delete's confirmation counts them). */
  fileCounts: () => ReadonlyMap<string, number>
  cache: MediaCache
  /** The folder shown (null: All files); it follows a folder that moves or goes. */
  viewed: string | null
  onNavigate: (path: string | null) => void
  onDropFiles: (ids: number[], target: MoveTarget) => void
  children: ReactNode
}

/** Rename, Move to… and Delete for every folder row and tile below it, with their dialogs. */
export function FolderActionsProvider(props: FolderActionsProviderProps) {
  const { fileCounts, cache, viewed, onNavigate, onDropFiles, children } = props
  const folders = useFolders().data ?? []
  const [open, setOpen] = useState<Open>({ kind: 'none' })
  const { relocate, remove } = useFolderChanges({ cache, viewed, onNavigate })
  const close = () => {
    setOpen({ kind: 'none' })
  }
  const problemWith = (folder: Folder, parentPath: string, name = folder.name) =>
    moveProblem(folders, folder, name, parentPath)

  const actions: FolderActions = {
    folders,
    fileCounts,
    rename: (folder) => {
      setOpen({ kind: 'rename', folder })
    },
    move: (folder) => {
      setOpen({ kind: 'move', folder })
    },
    remove: (folder) => {
      setOpen({ kind: 'delete', folder })
    },
    onDropFiles,
    onDropFolder: (id, target) => {
      const folder = folders.find((each) => each.id === id)
      if (folder === undefined || folder.parent_path === target.path) return
      const problem = problemWith(folder, target.path)
      if (problem !== null) toast.error(problem)
      else void relocate(folder, folder.name, target.path)
    },
  }
  const shown = open.kind === 'none' ? null : open.folder
  return (
    <FolderActionsContext.Provider value={actions}>
      {children}
      <OpenedOnce open={open.kind === 'rename'} region="rename folder dialog" onClose={close}>
        <FolderNameDialog
          open={open.kind === 'rename'}
          onOpenChange={(next) => {
            if (!next) close()
          }}
          title="Rename folder"
          description={shown === null ? '' : `Renames ${shown.path}; its files and subfolders stay in it.`}
          initialName={shown?.name ?? ''}
          submitLabel="Rename"
          savingLabel="Renaming..."
          onSubmit={(name) => {
            if (shown === null || name === shown.name) return Promise.resolve(undefined)
            const problem = problemWith(shown, parentPathOf(shown.path), name)
            if (problem !== null) return Promise.resolve(problem)
            void relocate(shown, name, shown.parent_path)
            return Promise.resolve(undefined)
          }}
        />
      </OpenedOnce>
      <OpenedOnce open={open.kind === 'move'} region="move folder dialog" onClose={close}>
        <MoveFolderDialog
          folder={open.kind === 'move' ? open.folder : null}
          tree={buildFolderTree(folders, [])}
          onClose={close}
          problemWith={problemWith}
          onMove={(folder, parentPath) => void relocate(folder, folder.name, parentPath)}
        />
      </OpenedOnce>
      <OpenedOnce open={open.kind === 'delete'} region="delete folder dialog" onClose={close}>
        <ConfirmDialog
          open={open.kind === 'delete'}
          onOpenChange={(next) => {
            if (!next) close()
          }}
          title={shown === null ? 'Delete folder' : `Delete folder "${shown.name}"`}
          message={open.kind === 'delete' ? deleteFolderMessage(folders, open.folder, fileCounts()) : ''}
          confirmLabel="Delete"
          onConfirm={() => {
            if (open.kind === 'delete') void remove(open.folder)
          }}
        />
      </OpenedOnce>
    </FolderActionsContext.Provider>
  )
}
