import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../../../netlify/server/http/access-gate'
import {
  invitePerson,
  listPeople,
  PEOPLE_MESSAGES,
} from '../../../../../netlify/server/people/people-service'
import { documentStore } from '../../../../../netlify/server/store'
import { inviteTokenOf } from '../../../../../src/contract/people-paths'
import {
  AcceptInviteScreen,
  INVITE_TEXT,
} from '../../../../../src/features/access/components/accept-invite-screen'
import { PASSWORD_TEXT } from '../../../../../src/features/access/components/password-dialog'
import { installBrowserGaps } from '../../../../support/screen-render'
import { server, setupScreenServer } from '../../../../support/screen-server'
import { MEMBER_PASSWORD, OWNER_KEY } from '../../../../support/team-screen'

setupScreenServer(installBrowserGaps)

let cookies: string[] = []
beforeEach(() => {
  replaceAccessGate(accessGateFor(OWNER_KEY))
  cookies = []
  server.events.on('response:mocked', ({ response }) => {
    const cookie = response.headers.get('set-cookie')
    if (cookie !== null) cookies.push(cookie)
  })
})
afterEach(() => {
  server.events.removeAllListeners()
  replaceAccessGate(undefined)
})

async function invitation(): Promise<string> {
  const invited = await invitePerson(
    documentStore(),
    { email: 'dana@example.com', role: 'editor' },
    'http://x.test',
  )
  const token = inviteTokenOf(new URL(invited.invite_url).hash)
  if (token === null) throw new Error('the link has no token')
  return token
}

function renderInvite(token: string | null) {
  const onAccepted = vi.fn()
  const user = userEvent.setup()
  render(<AcceptInviteScreen token={token} onAccepted={onAccepted} onLeave={vi.fn()} />)
  const fill = async (name: string, password: string, repeat = password) => {
    await user.clear(screen.getByLabelText(INVITE_TEXT.name))
    await user.type(screen.getByLabelText(INVITE_TEXT.name), name)
    await user.clear(screen.getByLabelText(INVITE_TEXT.password))
    await user.type(screen.getByLabelText(INVITE_TEXT.password), password)
    await user.clear(screen.getByLabelText(INVITE_TEXT.repeat))
    await user.type(screen.getByLabelText(INVITE_TEXT.repeat), repeat)
    await user.click(screen.getByRole('button', { name: INVITE_TEXT.submit }))
  }
  return { onAccepted, fill }
}

describe('accepting an invitation', () => {
  it("sets a name and password, in the server's words when it refuses one, and is signed in", async () => {
    const token = await invitation()
    const { onAccepted, fill } = renderInvite(token)
    await fill('Dana', 'short pass')
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TEXT.tooShort)
    await fill('Dana', MEMBER_PASSWORD, `${MEMBER_PASSWORD}!`)
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_TEXT.mismatch)
    await fill('Dana', 'Password1234!')
    expect(await screen.findByRole('alert')).toHaveTextContent(/most common/)
    expect(onAccepted).not.toHaveBeenCalled()

    await fill('Dana', MEMBER_PASSWORD)
    await vi.waitFor(() => {
      expect(onAccepted).toHaveBeenCalledOnce()
    })
    expect(cookies.some((cookie) => cookie.startsWith('mfm_access='))).toBe(true)
    expect(await listPeople(documentStore())).toMatchObject([
      { name: 'Dana', status: 'active', role: 'editor' },
    ])
  })

  it('says so when the link was used already', async () => {
    const token = await invitation()
    const first = renderInvite(token)
    await first.fill('Dana', MEMBER_PASSWORD)
    await vi.waitFor(() => {
      expect(first.onAccepted).toHaveBeenCalledOnce()
    })
    document.body.innerHTML = ''
    const second = renderInvite(token)
    await second.fill('Someone', 'another quiet harbour evening')
    expect(await screen.findByRole('alert')).toHaveTextContent(PEOPLE_MESSAGES.inviteInvalid)
    expect(second.onAccepted).not.toHaveBeenCalled()
  })

  it('explains a link that came without its token, and offers nothing to send', () => {
    renderInvite(inviteTokenOf('#'))
    expect(screen.getByRole('alert')).toHaveTextContent(INVITE_TEXT.noToken)
    expect(screen.getByRole('button', { name: INVITE_TEXT.submit })).toBeDisabled()
  })
})
