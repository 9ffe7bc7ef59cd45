import { UserPlus } from 'lucide-react'
import { useState, type SyntheticEvent } from 'react'

import { FormFooter } from '../../../components/ui/form-footer'
import { PASSWORD_MIN_LENGTH } from '../../../contract/people-limits'
import { errorMessage } from '../../../lib/api-errors'
import { acceptInvite } from '../api/access'
import { passwordEntryProblem } from './password-dialog'

export const INVITE_TEXT = {
  title: 'Join this media library',
  description: `You were invited. Choose the name others will see and a password of at least ${String(PASSWORD_MIN_LENGTH)} characters (a few unrelated words make a good one).`,
  name: 'Your name',
  password: 'Password',
  repeat: 'Password again',
  noToken: 'This invitation link is not complete: open the whole link you were sent, or ask for a new one.',
  nameMissing: 'Enter your name',
  submit: 'Join',
  submitting: 'Joining...',
  failed: 'Could not accept the invitation',
  cancel: 'Go to sign-in',
} as const

interface AcceptInviteScreenProps {
  /** The invitation's token from the link's fragment, or null when the link came without one. */
  token: string | null
  /** The invitee is signed in (the answer set the cookie): on to the library. */
  onAccepted: () => void
  /** Leaves without accepting: to the library's sign-in. */
  onLeave: () => void
}

/**
 * Where an invitation link opens (`INVITE_PATH`): the invitee sets a name and a password, and
 * `POST /api/people/accept` signs them in. The server's refusals (a link used or expired, a common
 * password) show in its own words.
 */
export function AcceptInviteScreen({ token, onAccepted, onLeave }: AcceptInviteScreenProps) {
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(token === null ? INVITE_TEXT.noToken : null)

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    if (token === null) return
    const problem = name.trim() === '' ? INVITE_TEXT.nameMissing : passwordEntryProblem(password, repeat)
    if (problem) {
      setError(problem)
      return
    }
    setSending(true)
    setError(null)
    try {
      await acceptInvite({ token, name: name.trim(), password })
    } catch (failure) {
      setError(errorMessage(failure, INVITE_TEXT.failed))
      setSending(false)
      return
    }
    onAccepted()
  }

  const edited = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value)
    if (token !== null) setError(null)
  }

  return (
    <main className="app__main sign-in-screen" tabIndex={-1} aria-labelledby="invite-title">
      <div className="state sign-in-screen__panel">
        <UserPlus size={32} aria-hidden="true" className="sign-in-screen__icon" />
        <h2 id="invite-title" className="state__title">
          {INVITE_TEXT.title}
        </h2>
        <p className="state__hint">{INVITE_TEXT.description}</p>
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <label className="form__field">
            <span>{INVITE_TEXT.name}</span>
            <input name="name" autoComplete="name" value={name} onChange={edited(setName)} />
          </label>
          <label className="form__field">
            <span>{INVITE_TEXT.password}</span>
            <input
              type="password"
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={edited(setPassword)}
            />
          </label>
          <label className="form__field">
            <span>{INVITE_TEXT.repeat}</span>
            <input
              type="password"
              name="repeat-password"
              autoComplete="new-password"
              value={repeat}
              onChange={edited(setRepeat)}
            />
          </label>
          <FormFooter
            error={error}
            errorId="invite-error"
            onCancel={onLeave}
            submitLabel={INVITE_TEXT.submit}
            pendingLabel={INVITE_TEXT.submitting}
            pending={sending}
            disabled={token === null || password === '' || repeat === ''}
          />
        </form>
      </div>
    </main>
  )
}
