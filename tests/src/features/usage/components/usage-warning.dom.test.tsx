import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createShare } from '../../../../../netlify/server/shares/share-links'
import { documentStore, mediaHostStores } from '../../../../../netlify/server/store'
import { STAGED, setSyncState } from '../../../../../netlify/server/webflow/webflow-sync'
import { card, installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { seedFiles, setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)
beforeEach(() => {
  vi.stubEnv('PUBLIC_ORIGIN', 'https://media.example.com')
})
afterEach(() => {
  vi.unstubAllEnvs()
})

const SHARING = { origin: 'https://media.example.com', cloudName: 'demo' }
const cloudinary = (name: string) => `https://res.cloudinary.com/demo/image/upload/v1/${name}.jpg`

type User = ReturnType<typeof renderScreen>['user']

async function select(user: User, ...titles: string[]) {
  for (const title of titles) {
    await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
  }
}

describe('the delete confirmation', () => {
  it("warns of one file's Webflow item and share link, as the server knows them", async () => {
    const [record] = await seedFiles([{ title: 'Harbour', media_url: cloudinary('harbour') }])
    const id = record?.id ?? 0
    await setSyncState({ stores: mediaHostStores() }, id, {
      state: 'synced',
      item_id: 'item-9',
      message: STAGED,
    })
    await createShare(documentStore(), id, 24, SHARING)
    const { user } = renderScreen()
    await user.click(within(await card('Harbour')).getByRole('button', { name: /^View / }))
    const dialog = await screen.findByRole('dialog', { name: 'Harbour' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Harbour"?')
    const note = await within(confirm).findByRole('note')
    expect(note).toHaveTextContent('This file is in use:')
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Webflow item item-9, not live', '1 share link that still opens'])
  })

  it('warns of the selected files in use from what the list holds, and says nothing of unused ones', async () => {
    const [shared, mirrored] = await seedFiles([
      { title: 'Shared', media_url: cloudinary('shared') },
      { title: 'Mirrored', media_url: cloudinary('mirrored') },
      { title: 'Plain one' },
      { title: 'Plain two' },
    ])
    await createShare(documentStore(), shared?.id ?? 0, 24, SHARING)
    await setSyncState({ stores: mediaHostStores() }, mirrored?.id ?? 0, {
      state: 'synced',
      item_id: 'item-2',
    })
    const { user } = renderScreen()
    const panel = () => screen.getByRole('region', { name: 'Bulk operations' })

    await select(user, 'Shared', 'Mirrored', 'Plain one')
    await user.click(within(panel()).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete 3 files?')
    const note = within(confirm).getByRole('note')
    expect(note).toHaveTextContent('Some of these files are in use:')
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 file in a Webflow item', '1 file with a share link that still opens'])
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))

    await select(user, 'Shared', 'Mirrored')
    await user.click(within(panel()).getByRole('button', { name: 'Delete' }))
    const plain = await screen.findByRole('alertdialog')
    expect(plain).toHaveTextContent('Are you sure you want to delete 1 file?')
    expect(within(plain).queryByRole('note')).toBeNull()
  })
})
