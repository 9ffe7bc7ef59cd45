import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import {
  card,
  choose,
  installBrowserGaps,
  optionsOf,
  renderScreen,
  shownTitles,
} from '../../support/screen-render'
import { bareStatus, seedFiles, seedFolder, server, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

async function openNewFolder(user: User) {
  await user.click(screen.getByRole('button', { name: 'New Folder' }))
  return screen.findByRole('dialog', { name: 'New Folder' })
}

function tree() {
  return screen.getByRole('tree', { name: 'Folders' })
}

describe('New Folder dialog', () => {
  it('keeps Create disabled while the name is blank and says the name is required', async () => {
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const dialog = await openNewFolder(user)
    const create = within(dialog).getByRole('button', { name: 'Create Folder' })
    const name = within(dialog).getByLabelText('Folder name')
    expect(create).toBeDisabled()
    await user.type(name, '   ')
    expect(create).toBeDisabled()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Folder name is required')
    await user.clear(name)
    await user.type(name, 'Campaigns')
    expect(create).toBeEnabled()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('creates the folder under the selected folder, adds it to the list and closes', async () => {
    await seedFolder('Campaigns')
    const { user } = renderScreen()
    await screen.findByText('No files found')
    await choose(user, 'Folder', 'Campaigns')
    const dialog = await openNewFolder(user)
    expect(dialog).toHaveTextContent('Created in /Campaigns')
    await user.type(within(dialog).getByLabelText('Folder name'), '2026{Enter}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(await within(tree()).findByRole('treeitem', { name: '2026' })).toHaveAttribute('aria-level', '2')
    expect(await optionsOf(user, 'Folder')).toEqual(['Uncategorized', 'Campaigns', '2026'])
    const folders = (await (await fetch('/api/folder-list')).json()) as { path: string }[]
    expect(folders.map((folder) => folder.path)).toEqual(['/Campaigns', '/Campaigns/2026'])
  })

  it('creates at the top level when no folder is selected', async () => {
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const dialog = await openNewFolder(user)
    expect(dialog).toHaveTextContent('Created in the top level')
    await user.type(within(dialog).getByLabelText('Folder name'), 'Press')
    await user.click(within(dialog).getByRole('button', { name: 'Create Folder' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(await within(tree()).findByRole('treeitem', { name: 'Press' })).toHaveAttribute('aria-level', '1')
  })

  it("shows the server's error inline and stays open", async () => {
    await seedFolder('Campaigns')
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const dialog = await openNewFolder(user)
    await user.type(within(dialog).getByLabelText('Folder name'), 'campaigns{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A folder named "Campaigns" already exists in /',
    )
    expect(screen.getByRole('dialog', { name: 'New Folder' })).toBeInTheDocument()
  })

  it.each([
    ['a failure without a message', () => bareStatus(500)],
    ['a network failure', () => HttpResponse.error()],
  ])("says 'Failed to create folder' on %s", async (_, answer) => {
    server.use(http.post('*/api/folder-create', answer))
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const dialog = await openNewFolder(user)
    await user.type(within(dialog).getByLabelText('Folder name'), 'Press{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create folder')
  })
})

describe('folder tree and breadcrumbs', () => {
  it('shows nested folders as a tree, filters by the one chosen and tracks it in breadcrumbs', async () => {
    await seedFolder('Campaigns')
    await seedFolder('2026', '/Campaigns')
    await seedFiles([
      { title: 'Top' },
      { title: 'In campaigns', folder_path: '/Campaigns' },
      { title: 'In 2026', folder_path: '/Campaigns/2026' },
    ])
    const { user } = renderScreen()
    await card('Top')
    const campaigns = within(tree()).getByRole('treeitem', { name: 'Campaigns' })
    expect(campaigns).toHaveAttribute('aria-expanded', 'false')
    expect(within(tree()).queryByRole('treeitem', { name: '2026' })).not.toBeInTheDocument()
    await user.click(within(campaigns).getByRole('button', { name: 'Expand Campaigns' }))
    await user.click(within(tree()).getByRole('treeitem', { name: '2026' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['In 2026'])
    })
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['All files', 'Campaigns', '2026'])
    expect(within(crumbs).getByText('2026')).toHaveAttribute('aria-current', 'page')
    await user.click(within(crumbs).getByRole('button', { name: 'Campaigns' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['In campaigns'])
    })
    await user.click(within(crumbs).getByRole('button', { name: 'All files' }))
    await waitFor(() => {
      expect(shownTitles()).toHaveLength(3)
    })
    await user.click(within(tree()).getByRole('treeitem', { name: 'Uncategorized' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Top'])
    })
  })

  it('moves through the tree with the arrow keys and selects with Enter', async () => {
    await seedFolder('Campaigns')
    await seedFolder('2026', '/Campaigns')
    await seedFiles([{ title: 'In 2026', folder_path: '/Campaigns/2026' }, { title: 'Top' }])
    const { user } = renderScreen()
    await card('Top')
    within(tree()).getByRole('treeitem', { name: 'All files' }).focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(within(tree()).getByRole('treeitem', { name: 'Campaigns' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(within(tree()).getByRole('treeitem', { name: 'Campaigns' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await user.keyboard('{ArrowRight}{Enter}')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['In 2026'])
    })
    expect(window.location.search).toBe('?folder=%2FCampaigns%2F2026')
  })
})
