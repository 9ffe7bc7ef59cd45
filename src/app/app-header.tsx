import { useState, type ReactNode } from 'react'

import { OpenedOnce } from '../components/ui/lazy-load'

import { HeaderSignIn, SignOutMenu } from '../features/access'
import { PasswordDialog } from './lazy-dialogs'
import { ThemeSwitch } from './theme-switch'

interface AppHeaderProps {
  /** After the server ended this browser's session (Sign out). */
  onSignedOut: () => Promise<void>
  /** What follows at the header's end: the Folders button on a narrow screen. */
  children?: ReactNode
}

/**
 * The title and tagline, the theme, and behind a closed access gate Sign in (signed out) or Sign out
 * (signed in): the same on the library and on the sign-in screen.
 */
export function AppHeader({ onSignedOut, children }: AppHeaderProps) {
  const [passwordOpen, setPasswordOpen] = useState(false)
  return (
    <header className="app__header">
      <div className="app__title">
        <h1>Media File Manager</h1>
        <p className="app__tagline">Upload, organize, and manage your media files</p>
      </div>
      <ThemeSwitch />
      <HeaderSignIn />
      <SignOutMenu
        onSignedOut={onSignedOut}
        onChangePassword={() => {
          setPasswordOpen(true)
        }}
      />
      {children}
      <OpenedOnce
        open={passwordOpen}
        region="password dialog"
        onClose={() => {
          setPasswordOpen(false)
        }}
      >
        <PasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      </OpenedOnce>
    </header>
  )
}
