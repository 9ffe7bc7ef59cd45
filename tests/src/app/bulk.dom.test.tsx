import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { mediaHostStores } from '../../../netlify/server/store'
import { setSyncState } from '../../../netlify/server/webflow/webflow-sync'
import { FILE_COMMANDS } from '../../../src/app/file-commands'
import { commandsOn } from '../../../src/features/commands'
import { routeToFunction } from '../../support/function-router'
import { card, choose, installBrowserGaps, renderScreen, shownTitles } from '../../support/screen-render'
import {
  errorAnswer,
  listFiles,
  seedFiles,
  seedFolder,
  server,
  setupScreenServer,
} from '../../support/screen-server'

setupScreenServer(installBrowserGaps)
afterEach(() => {
  vi.restoreAllMocks()
})

type User = ReturnType<typeof renderScreen>['user']

async function select(user: User, ...titles: string[]) {
  for (const title of titles) {
    await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
  }
}

function panel() {
  return screen.getByRole('region', { name: 'Bulk operations' })
}

const toast = (text: string) => screen.findByText(text, { selector: '[data-title]' })
const toastDetail = (text: string) => screen.findByText(text, { selector: '[data-description]' })

describe('selection bar', () => {
  it('selects all filtered files, counts them and clears them', async () => {
    await seedFiles([{ title: 'Beach one' }, { title: 'Beach two' }, { title: 'City' }])
    const { user } = renderScreen()
    await card('City')
    expect(screen.getByText('0 selected')).toBeInTheDocument()
    await user.type(screen.getByPlaceholderText('Search files...'), 'beach')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach one', 'Beach two'])
    })
    await user.click(screen.getByRole('button', { name: 'Select all' }))
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    await user.clear(screen.getByPlaceholderText('Search files...'))
    expect(await within(await card('City')).findByRole('checkbox')).not.toBeChecked()
    expect(within(await card('Beach one')).getByRole('checkbox')).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(screen.getByText('0 selected')).toBeInTheDocument()
  })

  it('shows the bulk panel while at least one file is selected', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    await card('A')
    expect(screen.queryByRole('region', { name: 'Bulk operations' })).not.toBeInTheDocument()
    await select(user, 'A')
    expect(
      within(panel())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...commandsOn('bulk', FILE_COMMANDS).map(({ label }) => label), ''])
    await select(user, 'A')
    expect(screen.queryByRole('region', { name: 'Bulk operations' })).not.toBeInTheDocument()
  })
})

describe('bulk move', () => {
  it('asks for a target, moves the files and reports success', async () => {
    const folder = await seedFolder('Campaigns')
    await seedFiles([{ title: 'A' }, { title: 'B' }, { title: 'C' }])
    const { user } = renderScreen()
    await select(user, 'A', 'B')
    await user.click(within(panel()).getByRole('button', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move files' })
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a target folder')
    await choose(user, 'Target folder', 'Campaigns')
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    const { records } = await listFiles()
    expect(records.map((record) => [record.title, record.folder_path])).toEqual([
      ['A', folder.path],
      ['B', folder.path],
      ['C', '/'],
    ])
    expect(screen.getByText('0 selected')).toBeInTheDocument()
  })

  it('counts one file in the singular', async () => {
    await seedFolder('Campaigns')
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    await select(user, 'A')
    await user.click(within(panel()).getByRole('button', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move files' })
    expect(dialog).toHaveTextContent('Move 1 file to a folder.')
    await choose(user, 'Target folder', 'Campaigns')
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(await toast('1 file processed successfully')).toBeInTheDocument()
  })

  it("reports per-file failures as 'File {id}: {error}'", async () => {
    await seedFolder('Campaigns')
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    await select(user, 'A', 'B')
    // B disappears on the server behind the screen's back.
    await routeToFunction(new Request('http://localhost/api/delete/2', { method: 'DELETE' }))
    await user.click(within(panel()).getByRole('button', { name: 'Move' }))
    await choose(user, 'Target folder', 'Campaigns')
    await user.click(
      within(screen.getByRole('dialog', { name: 'Move files' })).getByRole('button', { name: 'Move' }),
    )
    // One file reads in the singular (docs/decisions/0002-human-words.md).
    expect(await toast('1 file processed successfully')).toBeInTheDocument()
    expect(await toast('1 file failed to process')).toBeInTheDocument()
    expect(await toastDetail('File 2: File 2 not found')).toBeInTheDocument()
  })

  it('rolls back and says Batch move failed when the call fails', async () => {
    await seedFolder('Campaigns')
    await seedFiles([{ title: 'A' }])
    server.use(http.post('*/.netlify/functions/batch-move-to-folder', () => HttpResponse.error()))
    const { user } = renderScreen('/?folder=%2F')
    await select(user, 'A')
    await user.click(within(panel()).getByRole('button', { name: 'Move' }))
    await choose(user, 'Target folder', 'Campaigns')
    await user.click(
      within(screen.getByRole('dialog', { name: 'Move files' })).getByRole('button', { name: 'Move' }),
    )
    expect(await toast('Bulk operation failed')).toBeInTheDocument()
    expect(await toastDetail('Batch move failed')).toBeInTheDocument()
    expect(await card('A')).toBeInTheDocument()
  })
})

describe('bulk update', () => {
  it('refuses an empty update, then applies the given fields to every selected file', async () => {
    await seedFiles([
      { title: 'A', tags: ['old'] },
      { title: 'B', tags: ['keep'] },
    ])
    const { user } = renderScreen()
    await select(user, 'A', 'B')
    await user.click(within(panel()).getByRole('button', { name: 'Update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update files' })
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please provide at least one field to update')
    await user.type(within(dialog).getByLabelText('Author'), 'Dana')
    await user.type(within(dialog).getByLabelText('Add tags'), 'launch, hero')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    // The card follows once the engine has the changed records, which may be just after the toast.
    expect(await within(await card('A')).findByText('By: Dana')).toBeInTheDocument()
    const { records } = await listFiles()
    expect(records.map((record) => [record.author, record.tags])).toEqual([
      ['Dana', ['old', 'launch', 'hero']],
      ['Dana', ['keep', 'launch', 'hero']],
    ])
  })

  it('updates exactly the files of a select-all over a filtered list, less the one unticked', async () => {
    await seedFiles([
      { title: 'Beach one' },
      { title: 'Beach two' },
      { title: 'Beach three' },
      { title: 'City' },
    ])
    const { user } = renderScreen()
    await card('City')
    await user.type(screen.getByPlaceholderText('Search files...'), 'beach')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach one', 'Beach three', 'Beach two'])
    })
    await user.click(screen.getByRole('button', { name: 'Select all' }))
    expect(screen.getByText('3 selected')).toBeInTheDocument()
    await select(user, 'Beach two')
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    expect(within(panel()).getByText('2 files')).toBeInTheDocument()
    expect(within(await card('Beach two')).getByRole('checkbox')).not.toBeChecked()
    expect(within(await card('Beach one')).getByRole('checkbox')).toBeChecked()
    await user.click(within(panel()).getByRole('button', { name: 'Update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update files' })
    await user.type(within(dialog).getByLabelText('Author'), 'Dana')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    const { records } = await listFiles()
    expect(records.map((record) => [record.title, record.author])).toEqual([
      ['Beach one', 'Dana'],
      ['Beach two', 'Unknown'],
      ['Beach three', 'Dana'],
      ['City', 'Unknown'],
    ])
  })

  it('offers the categories to choose, stores the automatic one and counts one file in the singular', async () => {
    await seedFiles([{ title: 'A', category: 'Press kit' }])
    const { user } = renderScreen()
    await select(user, 'A')
    await user.click(within(panel()).getByRole('button', { name: 'Update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update files' })
    expect(dialog).toHaveTextContent("Fields left blank keep the file's own value.")
    const category = within(dialog).getByLabelText('Category')
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No change', 'Images', 'Videos', 'Documents', 'Audio', 'Other'])
    await user.selectOptions(category, 'Videos')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await toast('1 file processed successfully')).toBeInTheDocument()
    expect((await listFiles()).records.map((record) => record.category)).toEqual(['Video'])
  })

  it('rolls back, says Batch update failed and opens the form again as typed when the call fails', async () => {
    await seedFiles([{ title: 'A' }])
    server.use(http.post('*/api/batch-update', () => errorAnswer('Batch update failed', 500)))
    const { user } = renderScreen()
    await select(user, 'A')
    await user.click(within(panel()).getByRole('button', { name: 'Update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update files' })
    await user.type(within(dialog).getByLabelText('Author'), 'Dana')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await toast('Bulk operation failed')).toBeInTheDocument()
    expect(await toastDetail('Batch update failed')).toBeInTheDocument()
    const again = await screen.findByRole('dialog', { name: 'Update files' })
    expect(within(again).getByLabelText('Author')).toHaveValue('Dana')

    // Sent again and kept: the files show it, and the next form starts blank.
    server.resetHandlers()
    await user.click(within(again).getByRole('button', { name: 'Update' }))
    expect(await toast('1 file processed successfully')).toBeInTheDocument()
    await waitFor(async () => {
      expect(within(await card('A')).getByText('By: Dana')).toBeInTheDocument()
    })
    await user.click(within(panel()).getByRole('button', { name: 'Update' }))
    const next = await screen.findByRole('dialog', { name: 'Update files' })
    expect(within(next).getByLabelText('Author')).toHaveValue('')
  })
})

describe('bulk delete', () => {
  it('asks to confirm with the count, then deletes', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }, { title: 'C' }])
    const { user } = renderScreen()
    await select(user, 'A', 'C')
    await user.click(within(panel()).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete 2 files?')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles()).toEqual(['B'])
    })
    expect((await listFiles()).records.map((record) => record.title)).toEqual(['B'])
  })

  it('deletes exactly the files the Unused filter finds, through Select all', async () => {
    const LONG_AGO = '2024-01-01T00:00:00.000Z'
    const [, mirrored] = await seedFiles([
      { title: 'Old one', created_at: LONG_AGO },
      { title: 'Old in Webflow', created_at: LONG_AGO },
      { title: 'Old two', created_at: LONG_AGO },
      { title: 'New' },
    ])
    await setSyncState({ stores: mediaHostStores() }, mirrored?.id ?? 0, {
      state: 'synced',
      item_id: 'item-1',
    })
    const { user } = renderScreen()
    await card('New')
    await choose(user, 'Use', 'Unused for 30 days')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Old one', 'Old two'])
    })
    await user.click(screen.getByRole('button', { name: 'Select all' }))
    await user.click(within(panel()).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete 2 files?')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    expect((await listFiles()).records.map((record) => record.title)).toEqual(['Old in Webflow', 'New'])
  })

  it('puts the files back and says Batch delete failed when the call fails', async () => {
    await seedFiles([{ title: 'A' }])
    server.use(http.post('*/api/batch-delete', () => errorAnswer('Batch delete failed', 503)))
    const { user } = renderScreen()
    await select(user, 'A')
    await user.click(within(panel()).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await toast('Bulk operation failed')).toBeInTheDocument()
    expect(await toastDetail('Batch delete failed')).toBeInTheDocument()
    expect(await card('A')).toBeInTheDocument()
  })
})

describe('bulk download and empty selections', () => {
  it('downloads the selected files as one ZIP', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const clicks: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    server.use(
      http.get('https://cdn.example.test/:name', ({ params }) => new HttpResponse(String(params.name))),
    )
    URL.createObjectURL = vi.fn(() => 'blob:zip')
    URL.revokeObjectURL = vi.fn()
    const { user } = renderScreen()
    await select(user, 'A', 'B')
    await user.click(within(panel()).getByRole('button', { name: 'Download' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    expect(clicks).toEqual([expect.stringMatching(/^media-2-files-\d{4}-\d{2}-\d{2}\.zip$/)])
  })

  it("says 'No files selected for bulk operation' when the selection holds no stored file", async () => {
    server.use(http.get('*/api/media-pages', () => HttpResponse.error()))
    const { user } = renderScreen()
    await screen.findByText('Error: Failed to load files. Please try again.')
    await select(user, 'Sample image')
    await user.click(within(panel()).getByRole('button', { name: 'Delete' }))
    expect(await toast('No files selected for bulk operation')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
