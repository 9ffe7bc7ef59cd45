import { AlertDialog } from 'radix-ui'
import { useFocusReturn } from './focus'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  message: string
  confirmLabel: string
  onConfirm: () => void
}

/** A destructive confirmation: Cancel holds the focus first, so Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn()
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--narrow" {...focusReturn}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__message">{message}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
