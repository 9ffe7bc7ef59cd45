import { LockKeyhole, LogIn } from 'lucide-react'

import { askForAccess, useAccess } from '../../../lib/access'
import { ACCESS_TEXT } from '../access-text'

/**
 * What the screen shows in place of the library while the access gate refuses this browser: nothing of
 * the library (no list, no error, no sample files), only what it takes and a way in. The sign-in
 * dialog opens over it; closed, this stays, with its Sign in.
 */
export function SignInScreen() {
  return (
    <main className="app__main sign-in-screen" tabIndex={-1} aria-labelledby="sign-in-title">
      <div className="state sign-in-screen__panel">
        <LockKeyhole size={32} aria-hidden="true" className="sign-in-screen__icon" />
        <h2 id="sign-in-title" className="state__title">
          {ACCESS_TEXT.title}
        </h2>
        <p className="state__hint">{ACCESS_TEXT.description}</p>
        <SignInButton />
      </div>
    </main>
  )
}

/** Opens the sign-in dialog; the header shows it in place of Sign out while this browser is signed out. */
export function SignInButton({ className = 'button' }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={askForAccess}>
      <LogIn size={16} aria-hidden="true" />
      <span>{ACCESS_TEXT.submit}</span>
    </button>
  )
}

/** The header's Sign in: only while the gate refuses this browser. */
export function HeaderSignIn() {
  const { signedOut } = useAccess()
  return signedOut ? <SignInButton className="button button--secondary sign-in" /> : null
}
