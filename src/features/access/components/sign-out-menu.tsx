import { LogOut } from 'lucide-react'
import { useState } from 'react'

import { MenuButton } from '../../../components/ui/menu'
import { toast } from '../../../components/ui/toast'

import { useAccess } from '../../../lib/access'
import { serverMessage } from '../../../lib/api-errors'
import { signOut } from '../api/access'

export const SIGN_OUT_TEXT = {
  menu: 'Sign out',
  password: 'Change password',
  here: 'Sign out of this browser',
  everywhere: 'Sign out everywhere',
  failed: 'Sign-out failed. Please try again.',
} as const

interface SignOutMenuProps {
  /** After the server ended the session: drop what the screen keeps and ask for the token again. */
  onSignedOut: () => Promise<void>
  /** Opens the password change, offered to a person signed in with a password (not the owner's key). */
  onChangePassword: () => void
}

/**
 * The header's Sign out, shown only while the access gate is closed and this browser is signed in (the
 * screen signs in with the cookie only): Sign out ends this browser's session, Sign out everywhere ends
 * every session (decision 0035).
 */
export function SignOutMenu({ onSignedOut, onChangePassword }: SignOutMenuProps) {
  const { gate, signedOut, actor } = useAccess()
  const [pending, setPending] = useState(false)
  if (gate !== 'closed' || signedOut) return null

  const leave = async (everywhere: boolean) => {
    setPending(true)
    try {
      await signOut(everywhere)
    } catch (error) {
      toast.error(serverMessage(error) ?? SIGN_OUT_TEXT.failed)
      return
    } finally {
      setPending(false)
    }
    await onSignedOut()
  }

  return (
    <MenuButton
      button={{
        className: 'button button--secondary sign-out',
        disabled: pending,
        children: (
          <>
            <LogOut size={16} aria-hidden="true" />
            <span>{SIGN_OUT_TEXT.menu}</span>
          </>
        ),
      }}
      align="end"
      entries={[
        ...(actor?.type === 'person'
          ? [{ key: 'password', label: SIGN_OUT_TEXT.password, onSelect: onChangePassword }]
          : []),
        { key: 'here', label: SIGN_OUT_TEXT.here, onSelect: () => void leave(false) },
        { key: 'everywhere', label: SIGN_OUT_TEXT.everywhere, onSelect: () => void leave(true) },
      ]}
    />
  )
}
