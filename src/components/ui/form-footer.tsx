import type { ReactNode } from 'react'

import { busyButton } from './busy-button'
import { FormError } from './form-error'

interface FormFooterProps {
  /** The form's error line, read out as an alert; nothing is shown while it is null, false or empty. */
  error?: ReactNode
  /** The error line's id, for a field that names it in `aria-describedby`. */
  errorId?: string
  /** Shown between the error line and the buttons (a hint that explains a disabled button). */
  note?: ReactNode
  onCancel: () => void
  submitLabel: string
  /** Shown on the submit button while `pending`. */
  pendingLabel?: string
  /** The form is being sent: the submit button shows `pendingLabel` and is busy (`busyButton`). */
  pending?: boolean
  /** The form cannot be sent yet. */
  disabled?: boolean
  /** Runs on the submit button's click for a dialog without a form; otherwise the button submits the form. */
  onSubmit?: () => void
}

/** The end of every form dialog: its error line, then Cancel and the submit button. */
export function FormFooter({
  error,
  errorId,
  note,
  onCancel,
  submitLabel,
  pendingLabel,
  pending = false,
  disabled = false,
  onSubmit,
}: FormFooterProps) {
  return (
    <>
      <FormError error={error} id={errorId} />
      {note}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type={onSubmit ? 'button' : 'submit'}
          className="button"
          disabled={disabled}
          {...busyButton(pending, onSubmit)}
        >
          {pending && pendingLabel !== undefined ? pendingLabel : submitLabel}
        </button>
      </div>
    </>
  )
}
