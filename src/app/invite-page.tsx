import { Suspense } from 'react'

import { ErrorBoundary } from '../components/ui/error-boundary'
import { lazyWithPreload } from '../components/ui/lazy-load'
import { Spinner } from '../components/ui/spinner'
import { INVITE_PATH, inviteTokenOf } from '../contract/people-paths'
import { loadAcceptInviteScreen } from '../features/access'
import { ThemeSwitch } from './theme-switch'

const AcceptInviteScreen = lazyWithPreload(loadAcceptInviteScreen)

/** Whether the page opened on an invitation link (`/invite#token=...`), which no library is shown on. */
export function onInvitePage(location: Location = window.location): boolean {
  return location.pathname === INVITE_PATH
}

/**
 * The page an invitation link opens: the header and the invitation's form, nothing of the library.
 * Once accepted (or left) the browser goes to the library afresh, with the new session's cookie.
 */
export function InvitePage() {
  const toLibrary = () => {
    window.location.replace('/')
  }
  return (
    <div className="app">
      <header className="app__header">
        <div className="app__title">
          <h1>Media File Manager</h1>
          <p className="app__tagline">Upload, organize, and manage your media files</p>
        </div>
        <ThemeSwitch />
      </header>
      <ErrorBoundary region="invitation">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <AcceptInviteScreen
            token={inviteTokenOf(window.location.hash)}
            onAccepted={toLibrary}
            onLeave={toLibrary}
          />
        </Suspense>
      </ErrorBoundary>
    </div>
  )
}
