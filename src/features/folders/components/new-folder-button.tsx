import { FolderPlus } from 'lucide-react'
import { useState } from 'react'

import type { Folder } from '../../../contract/folder'
import { lazyWithPreload, OpenedOnce } from '../../../components/ui/lazy-load'

// The form loads when the pointer or focus reaches the button, so it is there by the click.
const NewFolderDialog = lazyWithPreload(() =>
  import('./new-folder-dialog').then((module) => module.NewFolderDialog),
)

interface NewFolderButtonProps {
  /** Spec section 5: the folder is created under the selected folder. */
  parentPath: string
  onCreated?: (folder: Folder) => void
  /** The button's name where "New Folder" alone would be ambiguous; it starts with "New Folder". */
  label?: string
}

export function NewFolderButton({ parentPath, onCreated, label }: NewFolderButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-label={label}
        onPointerEnter={NewFolderDialog.preload}
        onFocus={NewFolderDialog.preload}
        onClick={() => {
          setOpen(true)
        }}
      >
        <FolderPlus size={16} aria-hidden="true" />
        New Folder
      </button>
      <OpenedOnce open={open} region="New Folder dialog">
        <NewFolderDialog open={open} onOpenChange={setOpen} parentPath={parentPath} onCreated={onCreated} />
      </OpenedOnce>
    </>
  )
}
