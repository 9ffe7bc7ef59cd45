import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { createRecord } from '../../../netlify/server/records/media-service'
import { documentStore } from '../../../netlify/server/store'
import { recordCreateSchema } from '../../../src/contract/record'
import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { listFiles, seedFiles, seedFolder, server, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)
afterEach(() => {
  server.events.removeAllListeners()
})

/** A file stored before titles refused invisible characters: the schema is stepped around. */
async function plantFile(title: string, tags: string[] = []) {
  const input = recordCreateSchema.parse({ media_url: 'https://cdn.example.test/planted.jpg' })
  return createRecord(documentStore(), { ...input, title, tags })
}

/** Counts the edits the screen sends, letting each through to the real handler. */
function countPatches() {
  const counted = { sent: 0 }
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname.startsWith('/api/update/')) counted.sent++
  })
  return counted
}

describe('Edit File dialog and labels that look like others', () => {
  it('names the invisible character of a stored title, sends nothing, and removes it on request', async () => {
    await plantFile('Re\u200bports', ['evil\u202etxt.exe'])
    const patches = countPatches()
    const { user } = renderScreen()
    await user.click(within(await card('Re\u200bports')).getByRole('button', { name: /^Edit / }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' })
    await user.type(within(dialog).getByLabelText('Station'), 'KXYZ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

    const title = within(dialog).getByLabelText('Title')
    const alert = within(dialog).getByRole('alert')
    expect(alert).toHaveTextContent(
      'Title contains an invisible character (U+200B ZERO WIDTH SPACE); remove it.',
    )
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(title).toHaveAttribute('aria-describedby', alert.id)
    expect(title).toHaveFocus()
    expect(patches.sent).toBe(0)

    await user.click(within(dialog).getByRole('button', { name: 'Remove it' }))
    expect(title).toHaveValue('Reports')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    // The tags come next, with the same words the server would answer.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A tag contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Remove it' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect(patches.sent).toBe(1)
    expect((await listFiles()).records[0]).toMatchObject({
      title: 'Reports',
      tags: ['eviltxt.exe'],
      station: 'KXYZ',
    })
  })

  it('refuses a line break pasted into the tags field', async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    await user.click(within(await card('Banner')).getByRole('button', { name: /^Edit / }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' })
    fireEvent.change(within(dialog).getByLabelText('Tags (comma-separated)'), {
      target: { value: 'ok, two\u2028lines' },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A tag contains a line break (U+2028 LINE SEPARATOR); remove it.',
    )
  })
})

describe('New Folder dialog and look-alike names', () => {
  it('names an invisible character before asking the server, and shows its 409 for a look-alike', async () => {
    await seedFolder('Reports')
    let created = 0
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/folder-create') created++
    })
    const { user } = renderScreen()
    await screen.findByText('No files found')
    await user.click(screen.getByRole('button', { name: 'New Folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' })
    const name = within(dialog).getByLabelText('Folder name')
    fireEvent.change(name, { target: { value: 'Re\u2060ports' } })
    await user.click(within(dialog).getByRole('button', { name: 'Create Folder' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Folder name contains an invisible character (U+2060 WORD JOINER); remove it.',
    )
    expect(created).toBe(0)

    fireEvent.change(name, { target: { value: 'ＲＥＰＯＲＴＳ' } })
    await user.click(within(dialog).getByRole('button', { name: 'Create Folder' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A folder named "Reports" already exists in /, and "ＲＥＰＯＲＴＳ" reads as the same name; choose another.',
    )
    expect(created).toBe(1)
  })
})
