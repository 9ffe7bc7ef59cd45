import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { listPeople, PEOPLE_MESSAGES } from '../../../../../netlify/server/people/people-service'
import { documentStore } from '../../../../../netlify/server/store'
import { installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { setupScreenServer } from '../../../../support/screen-server'
import { withServerEnv } from '../../../../support/server-env'
import { behindGate, member, openGateAfterEach } from '../../../../support/team-screen'

setupScreenServer(installBrowserGaps)
// The invitation link is made on the site's own address.
withServerEnv(() => ({ PUBLIC_ORIGIN: 'https://media.example.test' }))
openGateAfterEach()

async function openPeople() {
  behindGate()
  const rendered = renderScreen()
  await rendered.user.click(await screen.findByRole('button', { name: 'People' }))
  return { ...rendered, page: await screen.findByRole('dialog', { name: 'People' }) }
}

const item = (page: HTMLElement, name: string) => within(page).findByRole('listitem', { name })

describe('the People page', () => {
  it('invites by email and role, and shows the one-time link with Copy', async () => {
    const { user, page } = await openPeople()
    await user.type(within(page).getByLabelText('Email'), 'Dana@Example.com')
    await user.selectOptions(within(page).getByLabelText('Role'), 'viewer')
    await user.click(within(page).getByRole('button', { name: 'Invite' }))

    const shown = await within(page).findByRole('status')
    expect(shown).toHaveTextContent('Invitation link for dana@example.com, as viewer')
    expect(shown).toHaveTextContent('you will not see it again')
    const link = within(shown).getByText(/^https:\/\/media\.example\.test\/invite#token=/).textContent
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument()

    const dana = await item(page, 'dana@example.com')
    expect(dana).toHaveTextContent('Invited, not yet accepted')
    expect(dana).toHaveTextContent('never seen')
    expect(within(dana).getByLabelText('Role of dana@example.com')).toHaveValue('viewer')
    expect((await listPeople(documentStore()))[0]).toMatchObject({
      email: 'dana@example.com',
      role: 'viewer',
    })
  })

  it("changes a role, and shows the server's refusal to demote the last admin in its words", async () => {
    await member('ada@example.com', 'admin', 'Ada')
    await member('sam@example.com', 'viewer', 'Sam')
    const { user, page } = await openPeople()

    const sam = await item(page, 'Sam')
    expect(sam).toHaveTextContent('sam@example.com')
    expect(sam).toHaveTextContent(/last seen/)
    await user.selectOptions(within(sam).getByLabelText('Role of Sam'), 'editor')
    await waitFor(async () => {
      expect((await listPeople(documentStore())).find((person) => person.name === 'Sam')?.role).toBe('editor')
    })

    const ada = await item(page, 'Ada')
    await user.selectOptions(within(ada).getByLabelText('Role of Ada'), 'viewer')
    expect(await within(ada).findByRole('alert')).toHaveTextContent(PEOPLE_MESSAGES.lastAdmin)
    expect(within(ada).getByLabelText('Role of Ada')).toHaveValue('admin')
  })

  it('removes a person after a second click, and refuses to remove the last admin', async () => {
    await member('ada@example.com', 'admin', 'Ada')
    await member('sam@example.com', 'editor', 'Sam')
    const { user, page } = await openPeople()

    const sam = await item(page, 'Sam')
    await user.click(within(sam).getByRole('button', { name: 'Remove Sam' }))
    expect(sam).toHaveTextContent('Their sessions and API tokens end at once.')
    await user.click(within(sam).getByRole('button', { name: 'Cancel' }))
    expect(within(page).getByRole('listitem', { name: 'Sam' })).toBeInTheDocument()
    await user.click(within(sam).getByRole('button', { name: 'Remove Sam' }))
    await user.click(within(sam).getAllByRole('button', { name: 'Remove Sam' })[0] as HTMLElement)
    await waitFor(() => {
      expect(within(page).queryByRole('listitem', { name: 'Sam' })).not.toBeInTheDocument()
    })
    expect((await listPeople(documentStore())).map((person) => person.name)).toEqual(['Ada'])

    const ada = await item(page, 'Ada')
    await user.click(within(ada).getByRole('button', { name: 'Remove Ada' }))
    await user.click(within(ada).getAllByRole('button', { name: 'Remove Ada' })[0] as HTMLElement)
    expect(await within(ada).findByRole('alert')).toHaveTextContent(PEOPLE_MESSAGES.lastAdmin)
  })
})
