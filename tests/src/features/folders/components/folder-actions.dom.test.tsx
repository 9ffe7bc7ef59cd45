import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'

import type { Folder } from '../../../../../src/contract/folder'
import { FOLDER_DRAG_TYPE } from '../../../../../src/lib/drag'
import { card, installBrowserGaps, renderScreen, shownTitles } from '../../../../support/screen-render'
import {
  errorAnswer,
  listFiles,
  seedFiles,
  seedFolder,
  server,
  setupScreenServer,
} from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

function tree() {
  return screen.getByRole('tree', { name: 'Folders' })
}

function row(name: string) {
  return within(tree()).getByRole('treeitem', { name })
}

async function serverPaths(): Promise<string[]> {
  const folders = (await (await fetch('/api/folder-list')).json()) as Folder[]
  return folders.map(({ path }) => path)
}

async function fileFolders(): Promise<Record<string, string>> {
  const { records } = await listFiles()
  return Object.fromEntries(records.map(({ title, folder_path }) => [title, folder_path]))
}

async function menuOf(user: User, name: string) {
  await user.click(within(row(name)).getByRole('button', { name: `More actions for ${name}` }))
  return screen.findByRole('menu', { name: `More actions for ${name}` })
}

async function seedCampaigns() {
  await seedFolder('Campaigns')
  await seedFolder('2026', '/Campaigns')
  await seedFolder('Press')
  await seedFiles([
    { title: 'Top' },
    { title: 'In campaigns', folder_path: '/Campaigns' },
    { title: 'In 2026', folder_path: '/Campaigns/2026' },
  ])
}

describe('folder menu', () => {
  it('offers Rename, Move to… and Delete from the More button and from a right-click', async () => {
    await seedCampaigns()
    const { user } = renderScreen()
    // The first screen of the file loads its code cold: more time than a later one needs.
    await screen.findByRole('article', { name: 'Top' }, { timeout: 5000 })
    const menu = await menuOf(user, 'Campaigns')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'Move to…', 'Delete'])
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })
    fireEvent.contextMenu(row('Press'))
    const context = await screen.findByRole('menu', { name: 'Actions for Press' })
    expect(
      within(context)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'Move to…', 'Delete'])
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })
    // All files and Uncategorized are not folders: no menu.
    expect(within(row('All files')).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument()
    expect(
      within(row('Uncategorized')).queryByRole('button', { name: /More actions/ }),
    ).not.toBeInTheDocument()
  })

  it('renames the folder shown: the tree, the files and the view follow', async () => {
    await seedCampaigns()
    const { user } = renderScreen('/?folder=%2FCampaigns')
    await card('In campaigns')
    await user.click(within(await menuOf(user, 'Campaigns')).getByRole('menuitem', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' })
    const name = within(dialog).getByLabelText('Folder name')
    expect(name).toHaveValue('Campaigns')
    await user.clear(name)
    await user.type(name, 'Ads{Enter}')
    expect(await within(tree()).findByRole('treeitem', { name: 'Ads' })).toBeInTheDocument()
    await waitFor(() => {
      expect(window.location.search).toBe('?folder=%2FAds')
    })
    expect(shownTitles()).toEqual(['In campaigns'])
    expect(await screen.findByText('Folder "Campaigns" renamed to "Ads"')).toBeInTheDocument()
    expect(await serverPaths()).toEqual(['/Ads', '/Ads/2026', '/Press'])
    expect(await fileFolders()).toMatchObject({ 'In campaigns': '/Ads', 'In 2026': '/Ads/2026' })
  })

  it('says in the dialog when a sibling has the name, and changes nothing', async () => {
    await seedCampaigns()
    const { user } = renderScreen()
    await card('Top')
    await user.click(within(await menuOf(user, 'Press')).getByRole('menuitem', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' })
    const name = within(dialog).getByLabelText('Folder name')
    await user.clear(name)
    await user.type(name, 'campaigns{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A folder named "Campaigns" already exists in /',
    )
    expect(await serverPaths()).toEqual(['/Campaigns', '/Campaigns/2026', '/Press'])
  })

  it('puts the folder back and says why when the server refuses a rename', async () => {
    await seedCampaigns()
    server.use(http.post('*/api/folder-update/:id', () => errorAnswer('Storage is busy, try again', 503)))
    const { user } = renderScreen('/?folder=%2FCampaigns')
    await card('In campaigns')
    await user.click(within(await menuOf(user, 'Campaigns')).getByRole('menuitem', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' })
    await user.clear(within(dialog).getByLabelText('Folder name'))
    await user.type(within(dialog).getByLabelText('Folder name'), 'Ads{Enter}')
    expect(
      await screen.findByText('Could not rename folder "Campaigns": Storage is busy, try again'),
    ).toBeInTheDocument()
    expect(await within(tree()).findByRole('treeitem', { name: 'Campaigns' })).toBeInTheDocument()
    expect(within(tree()).queryByRole('treeitem', { name: 'Ads' })).not.toBeInTheDocument()
    expect(window.location.search).toBe('?folder=%2FCampaigns')
    expect(shownTitles()).toEqual(['In campaigns'])
  })

  it('moves a folder with Move to…, which does not offer the folder itself or its subfolders', async () => {
    await seedCampaigns()
    const { user } = renderScreen()
    await card('Top')
    await user.click(within(await menuOf(user, 'Campaigns')).getByRole('menuitem', { name: 'Move to…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move folder "Campaigns"' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }))
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Uncategorized',
      'Press',
    ])
    await user.click(screen.getByRole('option', { name: 'Press' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(await screen.findByText('Folder "Campaigns" moved to Press')).toBeInTheDocument()
    await waitFor(async () => {
      expect(await serverPaths()).toEqual(['/Press', '/Press/Campaigns', '/Press/Campaigns/2026'])
    })
    expect(row('Campaigns')).toHaveAttribute('aria-level', '2')
    expect(await fileFolders()).toMatchObject({ 'In 2026': '/Press/Campaigns/2026' })
  })

  it('refuses a folder dropped on its own subfolder, with a message', async () => {
    await seedCampaigns()
    const { user } = renderScreen()
    await card('Top')
    await user.click(within(row('Campaigns')).getByRole('button', { name: 'Expand Campaigns' }))
    const campaigns = (await seedFolderId('/Campaigns')).toString()
    const transfer = {
      types: [FOLDER_DRAG_TYPE],
      getData: (type: string) => (type === FOLDER_DRAG_TYPE ? campaigns : ''),
      dropEffect: 'none',
    }
    fireEvent.dragOver(row('2026'), { dataTransfer: transfer })
    fireEvent.drop(row('2026'), { dataTransfer: transfer })
    expect(
      await screen.findByText('A folder cannot be moved into itself or one of its subfolders'),
    ).toBeInTheDocument()
    fireEvent.drop(row('Press'), { dataTransfer: transfer })
    await waitFor(async () => {
      expect(await serverPaths()).toEqual(['/Press', '/Press/Campaigns', '/Press/Campaigns/2026'])
    })
  })
})

async function seedFolderId(path: string): Promise<number> {
  const folders = (await (await fetch('/api/folder-list')).json()) as Folder[]
  const folder = folders.find((each) => each.path === path)
  if (!folder) throw new Error(`no folder ${path}`)
  return folder.id
}

describe('deleting a folder', () => {
  it('says what goes and where the files go, then shows the parent where they went', async () => {
    await seedFolder('Photos')
    await seedFolder('Raw', '/Photos')
    await seedFolder('Day 1', '/Photos/Raw')
    await seedFolder('Day 2', '/Photos/Raw')
    await seedFiles([
      { title: 'Kept', folder_path: '/Photos' },
      { title: 'Raw 1', folder_path: '/Photos/Raw' },
      { title: 'Day 1 shot', folder_path: '/Photos/Raw/Day 1' },
      { title: 'Day 2 shot', folder_path: '/Photos/Raw/Day 2' },
    ])
    const { user } = renderScreen('/?folder=%2FPhotos%2FRaw')
    await card('Raw 1')
    fireEvent.contextMenu(row('Raw'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete folder "Raw"' })
    expect(confirm).toHaveTextContent(
      'The folder and its 2 subfolders are removed. Its 3 files move to Photos.',
    )
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => {
      expect(window.location.search).toBe('?folder=%2FPhotos')
    })
    expect(await screen.findByText('Folder "Raw" deleted')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles().sort()).toEqual(['Day 1 shot', 'Day 2 shot', 'Kept', 'Raw 1'])
    })
    expect(await serverPaths()).toEqual(['/Photos'])
  })

  it('words an empty folder and a single file in the singular', async () => {
    await seedFolder('Empty')
    await seedFolder('One')
    await seedFiles([{ title: 'Only', folder_path: '/One' }])
    const { user } = renderScreen()
    await card('Only')
    await user.click(within(await menuOf(user, 'Empty')).getByRole('menuitem', { name: 'Delete' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The folder is removed. It holds no files.',
    )
    await user.keyboard('{Escape}')
    await user.click(within(await menuOf(user, 'One')).getByRole('menuitem', { name: 'Delete' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The folder is removed. Its 1 file moves to Uncategorized.',
    )
  })
})

describe('folder tiles', () => {
  it('shows the subfolders of the folder shown above its files, with their counts, and opens them', async () => {
    await seedCampaigns()
    await seedFolder('Q1', '/Campaigns/2026')
    const { user } = renderScreen('/?folder=%2FCampaigns')
    await card('In campaigns')
    const tiles = screen.getByRole('list', { name: 'Subfolders' })
    // The counts are the engine's facts, which follow the first answer.
    const tile = await within(tiles).findByRole('button', { name: '2026, 2 items' })
    expect(within(tiles).getAllByRole('listitem')).toHaveLength(1)
    await user.click(tile)
    await waitFor(() => {
      expect(window.location.search).toBe('?folder=%2FCampaigns%2F2026')
    })
    expect(await screen.findByRole('button', { name: 'Q1, 0 items' })).toBeInTheDocument()
  })

  it('has the folder menu, takes dropped files, and hides while a search narrows the list', async () => {
    await seedCampaigns()
    const { user } = renderScreen('/?folder=%2FCampaigns')
    await card('In campaigns')
    const tiles = screen.getByRole('list', { name: 'Subfolders' })
    await user.click(within(tiles).getByRole('button', { name: 'More actions for 2026' }))
    expect(await screen.findByRole('menu', { name: 'More actions for 2026' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    const [file] = (await listFiles()).records.filter((record) => record.title === 'In campaigns')
    const transfer = {
      types: ['application/x-media-file-ids'],
      getData: (type: string) => (type === 'application/x-media-file-ids' ? JSON.stringify([file?.id]) : ''),
      dropEffect: 'none',
    }
    fireEvent.drop(within(tiles).getByRole('listitem'), { dataTransfer: transfer })
    await waitFor(async () => {
      expect(await fileFolders()).toMatchObject({ 'In campaigns': '/Campaigns/2026' })
    })
    await user.type(screen.getByRole('searchbox'), 'zzz')
    await waitFor(() => {
      expect(screen.queryByRole('list', { name: 'Subfolders' })).not.toBeInTheDocument()
    })
  })

  it('is not shown for All files', async () => {
    await seedCampaigns()
    renderScreen()
    await card('Top')
    expect(screen.queryByRole('list', { name: 'Subfolders' })).not.toBeInTheDocument()
  })
})

describe('an empty folder', () => {
  it('keeps the spec words and offers Upload and New Folder into it', async () => {
    await seedFolder('Empty')
    const { user } = renderScreen('/?folder=%2FEmpty')
    expect(await screen.findByText('No files found')).toBeInTheDocument()
    expect(screen.getByText('Get started by uploading your first file.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create a folder here' }))
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' })
    expect(dialog).toHaveTextContent('Created in /Empty')
    await user.type(within(dialog).getByLabelText('Folder name'), 'Inside{Enter}')
    await waitFor(async () => {
      expect(await serverPaths()).toEqual(['/Empty', '/Empty/Inside'])
    })
  })

  it('opens the Upload dialog for the folder from its Upload button', async () => {
    await seedFolder('Empty')
    const { user } = renderScreen('/?folder=%2FEmpty')
    const upload = await screen.findByRole('button', { name: 'Upload files here' })
    // The dialog's code arrives when the pointer reaches the toolbar's Upload button, as on a page
    // used for a while; this test is about where the empty folder's button leads.
    await user.hover(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Upload' }))
    await user.click(upload)
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' }, { timeout: 5000 })
    expect(dialog).toBeInTheDocument()
  })

  it('leaves the buttons out while a search finds nothing', async () => {
    await seedFiles([{ title: 'Top' }])
    const { user } = renderScreen()
    await card('Top')
    await user.type(screen.getByRole('searchbox'), 'zzz')
    expect(await screen.findByText('Try adjusting your search or filter criteria.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Upload files here' })).not.toBeInTheDocument()
  })
})
