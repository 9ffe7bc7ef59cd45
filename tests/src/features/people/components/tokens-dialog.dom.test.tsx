import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { SCOPE_WORDS } from '../../../../../src/features/people/people-text'
import { routeToFunction } from '../../../../support/function-router'
import { installBrowserGaps, optionsOf, renderScreen } from '../../../../support/screen-render'
import { setupScreenServer } from '../../../../support/screen-server'
import { behindGate, memberToken, openGateAfterEach } from '../../../../support/team-screen'

setupScreenServer(installBrowserGaps)
openGateAfterEach()

async function openTokens(bearer?: string) {
  behindGate(bearer)
  const rendered = renderScreen()
  await rendered.user.click(await screen.findByRole('button', { name: 'API tokens' }))
  return { ...rendered, page: await screen.findByRole('dialog', { name: 'API tokens' }) }
}

/** What a call with `token` gets from the API, as a script would send it. */
async function statusWith(token: string): Promise<number> {
  const answer = await routeToFunction(
    new Request('http://localhost/api/folder-list', { headers: { authorization: `Bearer ${token}` } }),
  )
  return answer?.status ?? 0
}

describe('the Tokens page', () => {
  it('makes a token, shows it whole only once with Copy, lists its prefix, and revokes it', async () => {
    const { user, page } = await openTokens()
    expect(await within(page).findByText('No tokens yet.')).toBeInTheDocument()
    await user.type(within(page).getByLabelText('Name'), 'CI deploys')
    await user.selectOptions(within(page).getByLabelText('Scope'), SCOPE_WORDS.read)
    await user.type(within(page).getByLabelText('Expires after (days, optional)'), '30')
    await user.click(within(page).getByRole('button', { name: 'Make token' }))

    const shown = await within(page).findByRole('status')
    expect(shown).toHaveTextContent('you will not see it again')
    const token = within(shown).getByText(/^mfm_/).textContent
    expect(await statusWith(token)).toBe(200)
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe(token)

    const listed = await within(page).findByRole('listitem', { name: 'CI deploys' })
    expect(listed).toHaveTextContent(/read · never used · expires /)
    expect(listed).not.toHaveTextContent(token)
    expect(listed).toHaveTextContent(token.slice(0, 8))

    await user.click(within(page).getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'API tokens' }))
    const again = await screen.findByRole('dialog', { name: 'API tokens' })
    expect(again).not.toHaveTextContent(token)

    await user.click(within(again).getByRole('button', { name: 'Revoke CI deploys' }))
    await waitFor(() => {
      expect(within(again).queryByRole('listitem', { name: 'CI deploys' })).not.toBeInTheDocument()
    })
    expect(await statusWith(token)).toBe(401)
  })

  it("offers a person no scope wider than their role, nor everyone's tokens", async () => {
    const { user, page } = await openTokens(await memberToken('writer@example.com', 'editor'))
    expect(await within(page).findByRole('listitem', { name: 'screen' })).toBeInTheDocument()
    expect(await optionsOf(user, 'Scope')).toEqual([SCOPE_WORDS.read, SCOPE_WORDS.write])
    expect(within(page).queryByLabelText("Show everyone's tokens")).not.toBeInTheDocument()
  })

  it("lets an admin list everyone's tokens, with whose each is", async () => {
    await memberToken('writer@example.com', 'editor')
    const { user, page } = await openTokens()
    expect(await within(page).findByText('No tokens yet.')).toBeInTheDocument()
    await user.click(within(page).getByLabelText("Show everyone's tokens"))
    const theirs = await within(page).findByRole('listitem', { name: 'screen' })
    expect(theirs).toHaveTextContent('write · writer')
  })
})
