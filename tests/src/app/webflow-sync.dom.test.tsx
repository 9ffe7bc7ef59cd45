import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { mediaHostStores } from '../../../netlify/server/store'
import { setSyncState } from '../../../netlify/server/webflow/webflow-sync'
import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { seedFiles, server, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

const WEBFLOW_ENV = {
  WEBFLOW_API_TOKEN: 'test-token',
  WEBFLOW_SITE_ID: 'site-1',
  WEBFLOW_COLLECTION_ID: 'collection-1',
  // The site's address, as Netlify gives it: where the mirror's jobs are sent.
  URL: 'http://localhost',
}

/** Jobs queued on the background function; it answers 202 and runs nothing here. */
let queued: unknown[] = []

beforeEach(() => {
  Object.assign(process.env, WEBFLOW_ENV)
  queued = []
  server.use(
    http.post('*/.netlify/functions/webflow-sync-background', async ({ request }) => {
      queued.push(await request.json())
      return new HttpResponse(null, { status: 202 })
    }),
  )
})

afterEach(() => {
  for (const name of Object.keys(WEBFLOW_ENV)) Reflect.deleteProperty(process.env, name)
})

async function openDetails(user: ReturnType<typeof renderScreen>['user'], title: string) {
  await user.click(within(await card(title)).getByRole('button', { name: /^View / }))
  return screen.findByRole('dialog', { name: title })
}

describe('Webflow sync state in the Details dialog', () => {
  it('shows a failed sync with Webflow message, and Retry sync queues it again as pending', async () => {
    const [record] = await seedFiles([{ title: 'Banner' }])
    if (!record) throw new Error('no record')
    await setSyncState({ stores: mediaHostStores() }, record.id, {
      state: 'failed',
      message: 'Webflow POST collections/collection-1/items: 401 Request not authorized',
    })
    queued = []
    const { user } = renderScreen()
    const dialog = await openDetails(user, 'Banner')
    const status = within(dialog).getByTestId('webflow-sync')
    expect(status).toHaveTextContent('Sync failed')
    expect(status).toHaveTextContent('401 Request not authorized')

    await user.click(within(status).getByRole('button', { name: 'Retry sync' }))
    await waitFor(() => {
      expect(within(dialog).getByTestId('webflow-sync')).toHaveTextContent('Syncing…')
    })
    expect(queued).toHaveLength(1)
    expect(within(dialog).queryByRole('button', { name: 'Retry sync' })).not.toBeInTheDocument()
  })

  it('shows nothing about Webflow for a record without a mirror', async () => {
    for (const name of Object.keys(WEBFLOW_ENV)) Reflect.deleteProperty(process.env, name)
    await seedFiles([{ title: 'Plain' }])
    const { user } = renderScreen()
    const dialog = await openDetails(user, 'Plain')
    expect(within(dialog).queryByTestId('webflow-sync')).not.toBeInTheDocument()
    expect(within(dialog).queryByText('Webflow')).not.toBeInTheDocument()
  })

  it('shows a synced record as Synced, without a retry', async () => {
    const [record] = await seedFiles([{ title: 'Mirrored' }])
    if (!record) throw new Error('no record')
    await setSyncState({ stores: mediaHostStores() }, record.id, { state: 'synced', item_id: 'item-1' })
    const { user } = renderScreen()
    const dialog = await openDetails(user, 'Mirrored')
    expect(within(dialog).getByTestId('webflow-sync')).toHaveTextContent('Synced')
    expect(within(dialog).queryByRole('button', { name: 'Retry sync' })).not.toBeInTheDocument()
  })
})
