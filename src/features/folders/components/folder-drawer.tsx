import { PanelLeft, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useRef, type ReactNode } from 'react'

import { restoreFocus } from '../../../components/ui/focus'

const DRAWER_ID = 'folder-drawer'

interface FolderDrawerProps {
  /** A narrow screen: the sidebar is a drawer over the files while open, instead of a column beside them. */
  drawer: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The folder tree and the entries under it. */
  children: ReactNode
}

/**
 * The sidebar. On a narrow screen it is a modal drawer: Escape, a click beside it or the close button
 * shut it, and focus goes to the folder shown when it opens and back to the Folders button after.
 */
export function FolderDrawer({ drawer, open, onOpenChange, children }: FolderDrawerProps) {
  const content = useRef<HTMLDivElement>(null)
  const opener = useRef<Element | null>(null)
  if (!drawer) return <aside className="app__sidebar">{children}</aside>
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content
          ref={content}
          id={DRAWER_ID}
          className="app__sidebar drawer"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement
            // The tree's one tabbable row is the folder shown: where Tab into the tree would land too.
            const current = content.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')
            if (current) {
              event.preventDefault()
              current.focus()
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            restoreFocus(opener.current)
          }}
        >
          <div className="drawer__header">
            <Dialog.Title className="drawer__title">Folders</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close folders">
              <X size={16} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
      onClick={onOpen}
    >
      <PanelLeft size={16} aria-hidden="true" />
      Folders
    </button>
  )
}
