import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { ShortcutsDialog } from '../../../src/app/lazy-dialogs'
import { reportGate } from '../../../src/lib/access'
import { card, choose, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { listFiles, seedFiles, seedFolder, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)
// A dialog whose code arrives in the middle of a test's act() never shows: have it loaded, as the
// page has once idle.
beforeAll(async () => {
  ShortcutsDialog.preload()
  await import('../../../src/app/shortcuts-dialog')
  await new Promise((resolve) => setTimeout(resolve, 0))
}, 120_000)

type User = ReturnType<typeof renderScreen>['user']

const toast = (text: string) => screen.findByText(text, { selector: '[data-title]' })
const toastDetail = (text: string) => screen.findByText(text, { selector: '[data-description]' })
const panel = () => screen.getByRole('region', { name: 'Bulk operations' })

async function select(user: User, ...titles: string[]) {
  for (const title of titles) {
    await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
  }
}

async function titlesOnServer() {
  return (await listFiles()).records.map((record) => record.title)
}

describe('copy link', () => {
  it('copies one absolute address from the right-click menu, and one a line from the bulk panel', async () => {
    await seedFiles([
      { title: 'Local', media_url: '/api/files/mabc123-0123456789abcdef/local.png' },
      { title: 'Remote', media_url: 'https://cdn.example.test/remote.png' },
    ])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Local'))
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link' }))
    expect(await toast('Link copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/api/files/mabc123-0123456789abcdef/local.png`,
    )
    await select(user, 'Local', 'Remote')
    await user.click(within(panel()).getByRole('button', { name: 'Copy link' }))
    expect(await toast('2 links copied')).toBeInTheDocument()
    expect((await navigator.clipboard.readText()).split('\n')).toEqual([
      `${window.location.origin}/api/files/mabc123-0123456789abcdef/local.png`,
      'https://cdn.example.test/remote.png',
    ])
  })

  it('copies from Details, and says a file of this site needs sign-in while the gate is closed', async () => {
    await seedFiles([{ title: 'Local', media_url: '/api/files/mabc123-0123456789abcdef/local.png' }])
    const { user } = renderScreen('/?file=1')
    const details = await screen.findByRole('dialog', { name: 'Local' })
    reportGate(true)
    await user.click(within(details).getByRole('button', { name: 'Copy link' }))
    expect(await toast('Link copied')).toBeInTheDocument()
    expect(await toastDetail('It opens only in a browser signed in to this library.')).toBeInTheDocument()
    reportGate(false)
  })
})

describe('inline rename', () => {
  it('F2 on the focused file edits its title in place; Enter saves through the update', async () => {
    await seedFiles([{ title: 'Old name' }, { title: 'Other' }])
    const { user } = renderScreen()
    ;(await card('Old name')).focus()
    await user.keyboard('{F2}')
    const input = screen.getByRole('textbox', { name: 'Title of Old name' })
    expect(input).toHaveFocus()
    await user.clear(input)
    await user.keyboard('New name{Enter}')
    expect(await card('New name')).toHaveFocus()
    expect(await toast('File updated successfully!')).toBeInTheDocument()
    expect(await titlesOnServer()).toEqual(['New name', 'Other'])
  })

  it('refuses an empty title with the Edit form rule, and Escape cancels', async () => {
    await seedFiles([{ title: 'Keep me' }])
    const { user } = renderScreen()
    await user.dblClick(within(await card('Keep me')).getByRole('heading', { name: 'Keep me' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const input = screen.getByRole('textbox', { name: 'Title of Keep me' })
    await user.clear(input)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a title.')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    await user.keyboard('Changed{Escape}')
    expect(screen.queryByRole('textbox', { name: 'Title of Keep me' })).not.toBeInTheDocument()
    expect(await card('Keep me')).toHaveFocus()
    expect(await titlesOnServer()).toEqual(['Keep me'])
  })

  it('saves when the field is left, in the list view too', async () => {
    await seedFiles([{ title: 'Row title' }])
    const { user } = renderScreen('/?view=list')
    const row = await screen.findByRole('row', { name: /Row title/ })
    await user.dblClick(within(row).getByText('Row title'))
    await user.type(screen.getByRole('textbox', { name: 'Title of Row title' }), ' 2')
    await user.click(screen.getByPlaceholderText('Search files...'))
    await waitFor(async () => {
      expect(await titlesOnServer()).toEqual(['Row title 2'])
    })
  })
})

describe('undo of a move', () => {
  it('moves each file back to the folder it came from', async () => {
    const red = await seedFolder('Red')
    const blue = await seedFolder('Blue')
    const target = await seedFolder('Archive')
    await seedFiles([
      { title: 'A', folder_path: red.path },
      { title: 'B', folder_path: blue.path },
      { title: 'C' },
    ])
    const { user } = renderScreen()
    await select(user, 'A', 'B', 'C')
    await user.click(within(panel()).getByRole('button', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move files' })
    await choose(user, 'Target folder', 'Archive')
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(await toast('3 files processed successfully')).toBeInTheDocument()
    const folders = async () => (await listFiles()).records.map((record) => record.folder_path)
    expect(await folders()).toEqual([target.path, target.path, target.path])
    await user.click(await screen.findByRole('button', { name: 'Undo' }))
    // The Undo says what it did, not the move's words again.
    expect(await toast('3 files moved back')).toBeInTheDocument()
    await waitFor(async () => {
      expect(await folders()).toEqual([red.path, blue.path, '/'])
    })
  })
})

describe('selection after a bulk change', () => {
  it('keeps the files selected after a bulk update', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    await select(user, 'A', 'B')
    await user.click(within(panel()).getByRole('button', { name: 'Update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update files' })
    await user.type(within(dialog).getByLabelText('Author'), 'Dana')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    expect(screen.getByText('2 selected')).toBeInTheDocument()
  })
})

describe('keys for the screen', () => {
  it("'/' goes to the search box and '?' lists the shortcuts", async () => {
    await seedFiles([{ title: 'A' }])
    const { user } = renderScreen()
    ;(await card('A')).focus()
    await user.keyboard('/')
    const search = screen.getByPlaceholderText('Search files...')
    expect(search).toHaveFocus()
    expect(search).toHaveValue('')
    await user.keyboard('?')
    expect(search).toHaveValue('?')
    await user.clear(search)
    ;(await card('A')).focus()
    await user.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    for (const label of [
      'Go to the search box',
      'Select every file shown',
      'Show the file before or after',
    ]) {
      expect(within(dialog).getByText(label)).toBeInTheDocument()
    }
    expect(within(dialog).getByText(/^Rename the focused file/).previousElementSibling).toHaveTextContent(
      'F2',
    )
  })
})
