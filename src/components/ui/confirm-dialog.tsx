import { AlertDialog } from 'radix-ui'
import { useRef, type ReactNode } from 'react'

import { useFocusReturn } from './focus'
import './dialog.css'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  message: string
  confirmLabel: string
  /** What else to weigh before confirming, shown under the message (a delete's places in use). */
  children?: ReactNode
  onConfirm: () => void
  /**
   * Where the focus goes once the dialog has closed after a confirm, when what opened it may be gone
   * (a deleted file); without it, and after Cancel, the focus goes back to the opener.
   */
  afterConfirm?: () => void
}

/** A destructive confirmation: Cancel holds the focus first, so Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  children,
  onConfirm,
  afterConfirm,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn()
  const confirmed = useRef(false)
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content
          className="dialog dialog--narrow"
          onOpenAutoFocus={() => {
            confirmed.current = false
            focusReturn.onOpenAutoFocus()
          }}
          onCloseAutoFocus={(event) => {
            if (confirmed.current && afterConfirm) {
              event.preventDefault()
              afterConfirm()
            } else focusReturn.onCloseAutoFocus(event)
          }}
        >
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__message">{message}</AlertDialog.Description>
          {children}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="button button--danger"
              onClick={() => {
                confirmed.current = true
                onConfirm()
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
