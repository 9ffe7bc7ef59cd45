import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { PASSWORD_CHANGE_MESSAGES } from '../../../../../netlify/server/people/password-change'
import { PASSWORD_TEXT } from '../../../../../src/features/access/components/password-dialog'
import { SIGN_OUT_TEXT } from '../../../../../src/features/access/components/sign-out-menu'
import { routeToFunction } from '../../../../support/function-router'
import { installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { setupScreenServer } from '../../../../support/screen-server'
import {
  behindGate,
  behindGateAs,
  member,
  MEMBER_PASSWORD,
  openGateAfterEach,
  sessionCookie,
} from '../../../../support/team-screen'

setupScreenServer(installBrowserGaps)
openGateAfterEach()

const NEW_PASSWORD = 'lanterns over the quay'

/** The status of `GET /api/access` with a session cookie: 200 while it stands, 401 once ended. */
async function accessWith(cookie: string): Promise<number> {
  const answer = await routeToFunction(new Request('http://localhost/api/access', { headers: { cookie } }))
  return answer?.status ?? 0
}

async function openPasswordDialog(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: SIGN_OUT_TEXT.menu }))
  await user.click(await screen.findByRole('menuitem', { name: SIGN_OUT_TEXT.password }))
  return screen.findByRole('dialog', { name: PASSWORD_TEXT.title })
}

async function fill(
  user: ReturnType<typeof renderScreen>['user'],
  dialog: HTMLElement,
  current: string,
  next: string,
) {
  for (const [label, value] of [
    [PASSWORD_TEXT.current, current],
    [PASSWORD_TEXT.next, next],
    [PASSWORD_TEXT.repeat, next],
  ] as const) {
    await user.clear(within(dialog).getByLabelText(label))
    await user.type(within(dialog).getByLabelText(label), value)
  }
  await user.click(within(dialog).getByRole('button', { name: PASSWORD_TEXT.submit }))
}

describe('changing one’s password', () => {
  it("refuses a wrong current password and a common one in the server's words, then signs out the other browsers", async () => {
    await member('writer@example.com', 'editor', 'Writer')
    const session = await behindGateAs('writer@example.com')
    const elsewhere = await sessionCookie('writer@example.com')
    const { user } = renderScreen()
    const dialog = await openPasswordDialog(user)

    await fill(user, dialog, 'not the password at all', NEW_PASSWORD)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PASSWORD_CHANGE_MESSAGES.wrongCurrent)
    await fill(user, dialog, MEMBER_PASSWORD, 'Password1234!')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/most common/)

    const before = session.cookie()
    await fill(user, dialog, MEMBER_PASSWORD, NEW_PASSWORD)
    expect(await screen.findByText(PASSWORD_TEXT.done)).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: PASSWORD_TEXT.title })).not.toBeInTheDocument()
    })
    expect(await accessWith(elsewhere)).toBe(401)
    expect(await accessWith(before)).toBe(401)
    // This browser stays signed in, with the new session the answer set.
    expect(session.cookie()).not.toBe(before)
    expect(await accessWith(session.cookie())).toBe(200)
  })

  it("is not offered to the owner's key, which has no password", async () => {
    behindGate()
    const { user } = renderScreen()
    await user.click(await screen.findByRole('button', { name: SIGN_OUT_TEXT.menu }))
    expect(await screen.findByRole('menuitem', { name: SIGN_OUT_TEXT.everywhere })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: SIGN_OUT_TEXT.password })).not.toBeInTheDocument()
  })
})
