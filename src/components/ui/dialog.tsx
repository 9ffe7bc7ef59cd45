import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'

import { useFocusReturn } from './focus'
import './dialog.css'

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Read by screen readers when the dialog opens. */
  description?: ReactNode
  children: ReactNode
  wide?: boolean
  /** Keeps one height (the window's, up to a cap) whatever it holds; its content scrolls inside. */
  tall?: boolean
  /** A selector for the element inside that takes the focus on open, rather than the first one. */
  initialFocus?: string | undefined
}

/**
 * A modal Radix dialog: focus is trapped inside and, on close, returns to whatever held it when the
 * dialog opened, even when it was opened from a menu or a shortcut rather than a Dialog.Trigger.
 */
export function Dialog(props: DialogProps) {
  const { open, onOpenChange, title, description, children, wide, tall, initialFocus } = props
  const focusReturn = useFocusReturn()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog${wide ? ' dialog--wide' : ''}${tall ? ' dialog--tall' : ''}`}
          aria-describedby={description === undefined ? undefined : 'dialog-description'}
          {...focusReturn}
          onOpenAutoFocus={(event) => {
            focusReturn.onOpenAutoFocus()
            const target =
              initialFocus === undefined
                ? null
                : (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(initialFocus)
            if (target) {
              event.preventDefault()
              target.focus()
            }
          }}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description !== undefined && (
            <RadixDialog.Description id="dialog-description" className="dialog__description">
              {description}
            </RadixDialog.Description>
          )}
          {children}
          {/* Last in the focus order, so a dialog opens on its first field rather than on Close. */}
          <RadixDialog.Close className="icon-button dialog__close" aria-label="Close">
            <X size={16} aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
