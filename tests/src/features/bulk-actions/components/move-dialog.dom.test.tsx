import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { Folder } from '../../../../../src/contract/folder'
import { card, choose, installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { listFiles, seedFiles, seedFolder, setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

async function openMove(user: User, title: string) {
  await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
  const panel = screen.getByRole('region', { name: 'Bulk operations' })
  await user.click(within(panel).getByRole('button', { name: 'Move' }))
  return screen.findByRole('dialog', { name: 'Move files' })
}

async function openNewFolder(user: User, move: HTMLElement) {
  await user.click(within(move).getByRole('button', { name: 'New Folder' }))
  return screen.findByRole('dialog', { name: 'New Folder' })
}

async function serverPaths(): Promise<string[]> {
  const folders = (await (await fetch('/api/folder-list')).json()) as Folder[]
  return folders.map(({ path }) => path)
}

describe('Move dialog: New Folder', () => {
  it('makes a folder under the folder chosen, chooses it, and moves the files into it', async () => {
    await seedFolder('Campaigns')
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    const move = await openMove(user, 'A')
    await choose(user, 'Target folder', 'Campaigns')
    const create = await openNewFolder(user, move)
    expect(create).toHaveTextContent('Created in /Campaigns')
    await user.type(within(create).getByLabelText('Folder name'), '2026{Enter}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'New Folder' })).not.toBeInTheDocument()
    })
    // Still in the Move dialog, the new folder chosen.
    expect(within(move).getByRole('combobox', { name: 'Target folder' })).toHaveTextContent('2026')
    expect(await serverPaths()).toEqual(['/Campaigns', '/Campaigns/2026'])
    await user.click(within(move).getByRole('button', { name: 'Move' }))
    expect(
      await screen.findByText('1 file processed successfully', { selector: '[data-title]' }),
    ).toBeVisible()
    const { records } = await listFiles()
    expect(records.map((record) => [record.title, record.folder_path])).toEqual([
      ['A', '/Campaigns/2026'],
      ['B', '/'],
    ])
    // Undo of one file's move names it.
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('"A" moved back', { selector: '[data-title]' })).toBeVisible()
    await waitFor(async () => {
      expect((await listFiles()).records.map((record) => record.folder_path)).toEqual(['/', '/'])
    })
  })

  it('makes it at the top level when no folder is chosen, with the New Folder rules and messages', async () => {
    await seedFolder('Campaigns')
    await seedFiles([{ title: 'A' }])
    const { user } = renderScreen()
    const move = await openMove(user, 'A')
    const create = await openNewFolder(user, move)
    expect(create).toHaveTextContent('Created in the top level')
    const name = within(create).getByLabelText('Folder name')
    await user.type(name, '  ')
    expect(within(create).getByRole('button', { name: 'Create Folder' })).toBeDisabled()
    expect(within(create).getByRole('alert')).toHaveTextContent('Folder name is required')
    await user.clear(name)
    await user.type(name, 'campaigns{Enter}')
    expect(await within(create).findByRole('alert')).toHaveTextContent(
      'A folder named "Campaigns" already exists in /',
    )
    // The failed create closed neither dialog (the Move dialog waits behind New Folder).
    expect(move).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'Press{Enter}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'New Folder' })).not.toBeInTheDocument()
    })
    expect(within(move).getByRole('combobox', { name: 'Target folder' })).toHaveTextContent('Press')
    expect(await serverPaths()).toEqual(['/Campaigns', '/Press'])
    expect((await listFiles()).records[0]?.folder_path).toBe('/')
  })
})
