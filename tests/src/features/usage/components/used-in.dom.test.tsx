import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createShare } from '../../../../../netlify/server/shares/share-links'
import { documentStore, mediaHostStores } from '../../../../../netlify/server/store'
import { PUBLISHED_LIVE, setSyncState } from '../../../../../netlify/server/webflow/webflow-sync'
import { card, installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { seedFiles, seedFolder, setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)
beforeEach(() => {
  vi.stubEnv('PUBLIC_ORIGIN', 'https://media.example.com')
})
afterEach(() => {
  vi.unstubAllEnvs()
})

const SHARING = { origin: 'https://media.example.com', cloudName: 'demo' }
const CLOUDINARY = 'https://res.cloudinary.com/demo/image/upload/v1/harbour.jpg'

async function usedInOf(title: string) {
  const { user } = renderScreen()
  await user.click(within(await card(title)).getByRole('button', { name: /^View / }))
  const dialog = await screen.findByRole('dialog', { name: title })
  return within(dialog).getByRole('region', { name: 'Used in' })
}

describe('Details: Used in', () => {
  it('lists the Webflow item, the share links that still open and the folder', async () => {
    const folder = await seedFolder('Events')
    const [record] = await seedFiles([{ title: 'Harbour', media_url: CLOUDINARY, folder_path: folder.path }])
    const id = record?.id ?? 0
    await setSyncState({ stores: mediaHostStores() }, id, {
      state: 'synced',
      item_id: 'item-1',
      message: PUBLISHED_LIVE,
    })
    await createShare(documentStore(), id, 24, SHARING)
    await createShare(documentStore(), id, 48, SHARING)

    const section = await usedInOf('Harbour')

    expect(await within(section).findByText('Webflow item item-1, live on the site')).toBeInTheDocument()
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Webflow item item-1, live on the site', '2 share links that still open', 'Folder /Events'])
  })

  it('says a file at the top level with neither is in no such place', async () => {
    await seedFiles([{ title: 'Quiet' }])
    const section = await usedInOf('Quiet')
    expect(await within(section).findByText('Not in a Webflow item or a share link.')).toBeInTheDocument()
    expect(within(section).queryAllByRole('listitem')).toEqual([])
  })
})
