import { useState, type SyntheticEvent } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { toast } from '../../../components/ui/toast'
import { usePendingAction } from '../../../components/ui/use-pending-action'
import { PASSWORD_MIN_LENGTH } from '../../../contract/people-limits'
import { changePassword } from '../api/access'

export const PASSWORD_TEXT = {
  title: 'Change password',
  description: `At least ${String(PASSWORD_MIN_LENGTH)} characters; a few unrelated words make a good one. You stay signed in here, and every other browser signed in as you is signed out.`,
  current: 'Current password',
  next: 'New password',
  repeat: 'New password again',
  tooShort: `The new password needs at least ${String(PASSWORD_MIN_LENGTH)} characters`,
  mismatch: 'The new passwords are not the same',
  submit: 'Change password',
  submitting: 'Changing...',
  done: 'Password changed: other browsers are signed out',
  failed: 'Could not change the password',
} as const

interface PasswordDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Whether what was typed may be sent, and if not, why (the server checks again, and for common passwords). */
export function passwordEntryProblem(next: string, repeat: string): string | null {
  if (Array.from(next).length < PASSWORD_MIN_LENGTH) return PASSWORD_TEXT.tooShort
  if (next !== repeat) return PASSWORD_TEXT.mismatch
  return null
}

/** A signed-in person changes their password; the server's refusal (a common one) shows in its words. */
export function PasswordDialog({ open, onOpenChange }: PasswordDialogProps) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const { pending, error, setError, run } = usePendingAction()

  const close = () => {
    setCurrent('')
    setNext('')
    setRepeat('')
    setError(null)
    onOpenChange(false)
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const problem = passwordEntryProblem(next, repeat)
    if (problem) {
      setError(problem)
      return
    }
    const changed = await run(
      () => changePassword({ current_password: current, new_password: next }),
      PASSWORD_TEXT.failed,
    )
    if (!changed) return
    toast.success(PASSWORD_TEXT.done)
    close()
  }

  const field = (label: string, name: string, value: string, set: (value: string) => void, auto: string) => (
    <label className="form__field">
      <span>{label}</span>
      <input
        type="password"
        name={name}
        autoComplete={auto}
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : 'password-change-error'}
        onChange={(event) => {
          set(event.target.value)
          setError(null)
        }}
      />
    </label>
  )

  return (
    <Dialog
      open={open}
      onOpenChange={(opened) => {
        if (!opened) close()
      }}
      title={PASSWORD_TEXT.title}
      description={PASSWORD_TEXT.description}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {field(PASSWORD_TEXT.current, 'current-password', current, setCurrent, 'current-password')}
        {field(PASSWORD_TEXT.next, 'new-password', next, setNext, 'new-password')}
        {field(PASSWORD_TEXT.repeat, 'repeat-password', repeat, setRepeat, 'new-password')}
        <FormFooter
          error={error}
          errorId="password-change-error"
          onCancel={close}
          submitLabel={PASSWORD_TEXT.submit}
          pendingLabel={PASSWORD_TEXT.submitting}
          pending={pending}
          disabled={current === '' || next === '' || repeat === ''}
        />
      </form>
    </Dialog>
  )
}
