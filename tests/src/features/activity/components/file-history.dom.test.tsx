import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { actAs } from '../../../../../netlify/server/activity/acting-actor'
import { createRecord, updateRecord } from '../../../../../netlify/server/records/media-service'
import { documentStore } from '../../../../../netlify/server/store'
import { recordCreateSchema } from '../../../../../src/contract/record'
import type { Actor } from '../../../../../src/contract/roles'
import { card, installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { seedFiles, setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)

const ADA: Actor = { type: 'person', id: 'p_ada', name: 'Ada', role: 'editor' }
const CI: Actor = { type: 'token', id: 't_ci', name: 'CI deploys', role: 'editor', owner_id: 'p_ada' }

async function historyOf(title: string) {
  const { user } = renderScreen()
  await user.click(within(await card(title)).getByRole('button', { name: /^View / }))
  const dialog = await screen.findByRole('dialog', { name: title })
  // The history's code follows the dialog's (decision 0086).
  return within(dialog).findByRole('region', { name: 'History' })
}

describe('Details: History', () => {
  it('names who uploaded the file and who last changed it, then its latest events', async () => {
    const made = await actAs(ADA, () =>
      createRecord(
        documentStore(),
        recordCreateSchema.parse({ media_url: 'https://cdn.example.test/pier.jpg', title: 'Pier' }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 2))
    await actAs(CI, () => updateRecord(documentStore(), made.id, { title: 'Pier at dawn' }))

    const history = await historyOf('Pier at dawn')
    expect(history).toHaveTextContent('Uploaded by Ada')
    expect(history).toHaveTextContent('Last changed by CI deploys (API token)')
    await waitFor(() => {
      expect(
        within(history)
          .getAllByRole('listitem')
          .filter((item) => item.classList.contains('activity__event')),
      ).toHaveLength(2)
    })
    const [edit, upload] = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('activity__event'))
    expect(edit).toHaveTextContent('CI deploys (API token) edited')
    expect(edit).toHaveTextContent('title: Pier → Pier at dawn')
    expect(edit).not.toHaveTextContent('file 1')
    expect(upload).toHaveTextContent('Ada uploaded')
  })

  it('names nobody for a file made with the gate off', async () => {
    await seedFiles([{ title: 'Harbour' }])
    const history = await historyOf('Harbour')
    await waitFor(() => {
      expect(history).toHaveTextContent('This computer uploaded')
    })
    expect(history).not.toHaveTextContent('Uploaded by')
  })
})
