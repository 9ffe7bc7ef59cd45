import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useRef } from 'react'

import { restoreFocus } from '../../../components/ui/focus'
import { DRAWER_ID, type FolderDrawerProps } from './folder-drawer'

/**
 * The sidebar as a modal drawer on a narrow screen: Escape, a click beside it or the close button shut
 * it, and focus goes to the folder shown when it opens and back to the Folders button after.
 */
export function FolderDrawerDialog({ open, onOpenChange, children }: Omit<FolderDrawerProps, 'drawer'>) {
  const content = useRef<HTMLDivElement>(null)
  const opener = useRef<Element | null>(null)
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
