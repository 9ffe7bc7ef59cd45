import { PanelLeft } from 'lucide-react'
import type { ReactNode } from 'react'

import { lazyWithPreload, OpenedOnce } from '../../../components/ui/lazy-load'

export const DRAWER_ID = 'folder-drawer'

const FolderDrawerDialog = lazyWithPreload(() =>
  import('./folder-drawer-dialog').then((module) => module.FolderDrawerDialog),
)

export interface FolderDrawerProps {
  /** A narrow screen: the sidebar is a drawer over the files while open, instead of a column beside them. */
  drawer: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The folder tree and the entries under it. */
  children: ReactNode
}

/**
 * The sidebar. On a narrow screen it is a modal drawer (folder-drawer-dialog.tsx), whose code loads
 * when the Folders button is hovered, focused or pressed, or at the first idle moment.
 */
export function FolderDrawer({ drawer, open, onOpenChange, children }: FolderDrawerProps) {
  if (!drawer) return <aside className="app__sidebar">{children}</aside>
  return (
    <OpenedOnce
      open={open}
      region="folders"
      onClose={() => {
        onOpenChange(false)
      }}
    >
      <FolderDrawerDialog open={open} onOpenChange={onOpenChange}>
        {children}
      </FolderDrawerDialog>
    </OpenedOnce>
  )
}

/** Opens the drawer; shown only while the sidebar is one. */
export function FoldersButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? DRAWER_ID : undefined}
      onPointerEnter={FolderDrawerDialog.preload}
      onFocus={FolderDrawerDialog.preload}
      onClick={onOpen}
    >
      <PanelLeft size={16} aria-hidden="true" />
      Folders
    </button>
  )
}
