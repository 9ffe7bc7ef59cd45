import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { currentAccess } from '../../../src/lib/access'
import type { Role } from '../../../src/contract/roles'
import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { seedFiles, setupScreenServer, trashFiles } from '../../support/screen-server'
import { behindGate, memberToken, openGateAfterEach } from '../../support/team-screen'

/**
 * The screen as each role sees it, behind the gate against the real handlers: a control a role may
 * not use is not drawn (the server refuses it anyway, 403), read from the one table, ROUTE_ACCESS.
 */
setupScreenServer(installBrowserGaps)
openGateAfterEach()

type User = ReturnType<typeof renderScreen>['user']

async function screenAs(role: Role) {
  await seedFiles([{ title: 'Team photo' }])
  behindGate(await memberToken(`${role}@example.com`, role))
  const rendered = renderScreen()
  await card('Team photo')
  // The actor comes from GET /api/access; until then the screen shows only what viewing needs.
  await waitFor(() => {
    expect(currentAccess().actor?.role).toBe(role)
  })
  return rendered
}

const sidebarButton = (name: string) => screen.queryByRole('button', { name })

async function moreMenuItems(user: User, title: string): Promise<string[]> {
  await user.click(within(await card(title)).getByRole('button', { name: `More actions for ${title}` }))
  const menu = await screen.findByRole('menu')
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent.trim())
  await user.keyboard('{Escape}')
  return items
}

describe('what each role is shown', () => {
  it('shows a viewer nothing that changes files: no Upload, New Folder, edits, moves, deletes or bulk edits', async () => {
    const { user } = await screenAs('viewer')
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New Folder' })).not.toBeInTheDocument()
    expect(await card('Team photo')).toHaveAttribute('draggable', 'false')
    const items = await moreMenuItems(user, 'Team photo')
    expect(items.some((item) => /Download/.test(item))).toBe(true)
    for (const change of ['Edit', 'Replace', 'Rename', 'Share', 'Move', 'Delete']) {
      expect(items.some((item) => item.startsWith(change))).toBe(false)
    }

    await user.click(within(await card('Team photo')).getByRole('checkbox', { name: 'Select Team photo' }))
    const panel = await screen.findByRole('region', { name: 'Bulk operations' })
    const actions = within(panel)
      .getAllByRole('button')
      .map((button) => button.textContent.trim())
      .filter((text) => text !== '')
    expect(actions.some((text) => /Download/.test(text))).toBe(true)
    for (const change of ['Edit', 'Move', 'Delete']) {
      expect(actions.some((text) => text.startsWith(change))).toBe(false)
    }

    expect(sidebarButton('Webhooks')).not.toBeInTheDocument()
    expect(sidebarButton('People')).not.toBeInTheDocument()
    expect(sidebarButton('API tokens')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Trash/ }))
    await screen.findByRole('heading', { name: 'Trash' })
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument()
  })

  it("shows a viewer a trashed file's Details, from its title or a link, with nothing to restore or delete", async () => {
    const [binned] = await seedFiles([{ title: 'Old photo' }])
    await trashFiles([binned?.id ?? 0])
    const { user } = await screenAs('viewer')
    await user.click(screen.getByRole('button', { name: /^Trash/ }))
    const table = await screen.findByRole('table', { name: 'Files in the trash' })
    await user.click(within(table).getByRole('button', { name: 'Old photo' }))
    const details = await screen.findByRole('dialog', { name: 'Old photo' })
    expect(within(details).getByText(/^In the trash since .+ left\.$/)).toBeInTheDocument()
    for (const name of ['Restore', 'Delete forever']) {
      expect(within(details).queryByRole('button', { name })).not.toBeInTheDocument()
    }
    expect(within(details).getByRole('button', { name: 'Download' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })

    // A link to it opens the same.
    act(() => {
      window.history.pushState(null, '', `/?file=${String(binned?.id)}`)
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    const linked = await screen.findByRole('dialog', { name: 'Old photo' })
    expect(within(linked).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument()
  })

  it('shows an editor the file controls but no admin page', async () => {
    const { user } = await screenAs('editor')
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeInTheDocument()
    expect(await card('Team photo')).toHaveAttribute('draggable', 'true')
    expect(screen.getAllByRole('button', { name: 'New Folder' }).length).toBeGreaterThan(0)
    const items = await moreMenuItems(user, 'Team photo')
    expect(items.some((item) => item.startsWith('Edit'))).toBe(true)
    expect(items.some((item) => item.startsWith('Delete'))).toBe(true)
    expect(sidebarButton('Webhooks')).not.toBeInTheDocument()
    expect(sidebarButton('People')).not.toBeInTheDocument()
    expect(sidebarButton('API tokens')).toBeInTheDocument()
  })

  it('shows an admin People and Webhooks', async () => {
    await screenAs('admin')
    expect(await screen.findByRole('button', { name: 'People' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Webhooks' })).toBeInTheDocument()
  })
})
