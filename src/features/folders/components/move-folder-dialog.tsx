import { useState } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import type { Folder } from '../../../contract/folder'
import type { FolderNode } from '../model/folder-tree'
import { FolderSelect } from './folder-select'

interface MoveFolderDialogProps {
  /** The folder to move; null while closed. */
  folder: Folder | null
  tree: readonly FolderNode[]
  onClose: () => void
  /** Why the folder cannot go there, or null when it can. */
  problemWith: (folder: Folder, parentPath: string) => string | null
  onMove: (folder: Folder, parentPath: string) => void
}

/** The tree without `path` and what lies below it: a folder cannot move into itself. */
function without(nodes: readonly FolderNode[], path: string): FolderNode[] {
  return nodes
    .filter((node) => node.path !== path)
    .map((node) => ({ ...node, children: without(node.children, path) }))
}

/** Move to…: the folder picker, 'Uncategorized' meaning the top level. */
export function MoveFolderDialog({ folder, tree, onClose, problemWith, onMove }: MoveFolderDialogProps) {
  const [target, setTarget] = useState<string | null>(null)
  const [shownFor, setShownFor] = useState(folder)
  if (shownFor !== folder) {
    setShownFor(folder)
    setTarget(null)
  }
  const problem = folder === null || target === null ? null : problemWith(folder, target)
  const unchanged = folder !== null && target === folder.parent_path
  return (
    <Dialog
      open={folder !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={folder === null ? 'Move folder' : `Move folder "${folder.name}"`}
      description="Its subfolders and files go with it."
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (folder === null || target === null || problem !== null || unchanged) return
          onClose()
          onMove(folder, target)
        }}
      >
        <FolderSelect
          tree={folder === null ? tree : without(tree, folder.path)}
          value={target}
          onChange={setTarget}
        />
        <FormFooter
          error={problem}
          note={unchanged && <p className="folders__hint">The folder is already there.</p>}
          onCancel={onClose}
          submitLabel="Move"
          disabled={target === null || problem !== null || unchanged}
        />
      </form>
    </Dialog>
  )
}
