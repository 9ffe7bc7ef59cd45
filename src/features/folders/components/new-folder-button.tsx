import { FolderPlus } from 'lucide-react'
import { useState } from 'react'

import type { Folder } from '../../../contract/folder'
import { useCanCall } from '../../../lib/access'
import { lazyWithPreload, OpenedOnce } from '../../../components/ui/lazy-load'

// The form loads when the pointer or focus reaches the button, so it is there by the click.
const NewFolderDialog = lazyWithPreload(() =>
  import('./new-folder-dialog').then((module) => module.NewFolderDialog),
)

interface NewFolderButtonProps {
  /** Spec section 5: the folder is created under the selected folder. */
  parentPath: string
  onCreated?: (folder: Folder) => void
  /** The button's words where the toolbar's "New Folder" is on screen too. */
  text?: string
}

/** New Folder, for a browser that may make folders (an editor's). */
export function NewFolderButton(props: NewFolderButtonProps) {
  return useCanCall('folderCreate', 'POST') ? <NewFolder {...props} /> : null
}

function NewFolder({ parentPath, onCreated, text = 'New Folder' }: NewFolderButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onPointerEnter={NewFolderDialog.preload}
        onFocus={NewFolderDialog.preload}
        onClick={() => {
          setOpen(true)
        }}
      >
        <FolderPlus size={16} aria-hidden="true" />
        {text}
      </button>
      <OpenedOnce
        open={open}
        region="New Folder dialog"
        onClose={() => {
          setOpen(false)
        }}
      >
        <NewFolderDialog open={open} onOpenChange={setOpen} parentPath={parentPath} onCreated={onCreated} />
      </OpenedOnce>
    </>
  )
}
