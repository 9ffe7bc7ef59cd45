import { useState, type SyntheticEvent } from 'react'
import { useSWRConfig } from 'swr'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { reportAccessGranted, stopAskingForAccess, useAccess } from '../../../lib/access'
import { ApiError } from '../../../lib/api-client'
import { serverMessage } from '../../../lib/api-errors'
import { ACCESS_TEXT } from '../access-text'
import { signIn, useAccessStatus } from '../api/access'

type FormState = { kind: 'editing' } | { kind: 'sending' } | { kind: 'failed'; message: string }

interface AccessDialogProps {
  /** After signing in: reload what SWR's key-wide revalidation does not reach (the paged file list). */
  onGranted: () => void
}

/**
 * Asks for the access token, or a person's email and password, when a call was refused with 401 (the
 * API client reports it), once for all the calls refused together, and again from the sign-in screen's
 * Sign in. A token typed in wins. What was typed goes to `POST /api/access` and is forgotten: the
 * HttpOnly cookie it answers with is what later calls carry. Then every SWR key is revalidated.
 */
export function AccessDialog({ onGranted }: AccessDialogProps) {
  useAccessStatus()
  const { asking } = useAccess()
  const { mutate } = useSWRConfig()
  const [token, setToken] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [state, setState] = useState<FormState>({ kind: 'editing' })
  const byToken = token.trim() !== ''
  const blank = !byToken && (email.trim() === '' || password === '')

  const clear = () => {
    setToken('')
    setPassword('')
    setState({ kind: 'editing' })
  }

  const close = () => {
    clear()
    stopAskingForAccess()
  }

  const edited = (set: (value: string) => void) => (value: string) => {
    set(value)
    if (state.kind === 'failed') setState({ kind: 'editing' })
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    if (blank) return
    setState({ kind: 'sending' })
    try {
      await signIn(byToken ? { token: token.trim() } : { email: email.trim(), password })
    } catch (error) {
      const refused = byToken ? ACCESS_TEXT.invalid : ACCESS_TEXT.wrongPassword
      const message =
        error instanceof ApiError && error.status === 401
          ? refused
          : (serverMessage(error) ?? ACCESS_TEXT.failed)
      setState({ kind: 'failed', message })
      return
    }
    clear()
    reportAccessGranted()
    onGranted()
    await mutate(() => true)
  }

  const error = state.kind === 'failed' ? state.message : null
  return (
    <Dialog
      open={asking}
      onOpenChange={(open) => {
        if (!open) close()
      }}
      title={ACCESS_TEXT.title}
      description={ACCESS_TEXT.description}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <label className="form__field">
          <span>{ACCESS_TEXT.label}</span>
          <input
            type="password"
            name="access-token"
            autoComplete="off"
            value={token}
            aria-invalid={error !== null && byToken}
            aria-describedby={error === null ? undefined : 'access-token-error'}
            onChange={(event) => {
              edited(setToken)(event.target.value)
            }}
          />
        </label>
        <fieldset className="access-dialog__person">
          <legend>{ACCESS_TEXT.orPerson}</legend>
          <label className="form__field">
            <span>{ACCESS_TEXT.email}</span>
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(event) => {
                edited(setEmail)(event.target.value)
              }}
            />
          </label>
          <label className="form__field">
            <span>{ACCESS_TEXT.password}</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={error !== null && !byToken}
              aria-describedby={error === null ? undefined : 'access-token-error'}
              onChange={(event) => {
                edited(setPassword)(event.target.value)
              }}
            />
          </label>
        </fieldset>
        <FormFooter
          error={error}
          errorId="access-token-error"
          onCancel={close}
          submitLabel={ACCESS_TEXT.submit}
          pendingLabel={ACCESS_TEXT.submitting}
          pending={state.kind === 'sending'}
          disabled={blank}
        />
      </form>
    </Dialog>
  )
}
