import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { WebflowSyncAllStatus } from '../../../src/contract/api'
import type { WebflowStatus } from '../../../src/contract/webflow'
import { CONNECTION_WORDS } from '../../../src/components/ui/connection-status'
import { installBrowserGaps, renderScreen } from '../../support/screen-render'
import { server, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

// The panel loads on demand; its first load, transformed on the spot, could outlast a findBy wait.
beforeAll(async () => {
  await import('../../../src/features/webflow/components/webflow-dialog')
}, 120_000)

const IDLE: WebflowSyncAllStatus = {
  configured: true,
  running: false,
  started_at: null,
  finished_at: null,
  total: 0,
  done: 0,
  failed: 0,
}

const field = (slug: string, display_name: string, type: string, required = false) => ({
  slug,
  display_name,
  type,
  required,
})

/** What `GET /api/webflow-status` answers for a reachable site whose collection lacks one field. */
const CONNECTED: WebflowStatus = {
  ok: true,
  configured: true,
  site: { id: 'site-1', displayName: 'Harbour Museum', shortName: 'harbour' },
  collection_id: 'collection-1',
  publish: 'live',
  collection: { id: 'collection-1', display_name: 'Media Files', slug: 'media-files' },
  mapping: [
    {
      field: 'media-url',
      status: 'mapped',
      collection_field: field('hero-image', 'Hero image', 'Image'),
      write_as: 'asset',
      chosen_by: 'first-image',
      message: 'Written to the first Image field, "hero-image" (no field is named media-url)',
    },
    {
      field: 'description',
      status: 'mapped',
      collection_field: field('summary', 'Summary', 'RichText'),
      write_as: 'text',
      chosen_by: 'setting',
      message: 'Written to "summary", as WEBFLOW_FIELD_MAP says',
    },
    {
      field: 'file-type',
      status: 'mapped',
      collection_field: field('file-type', 'File type', 'PlainText'),
      write_as: 'text',
      chosen_by: 'slug',
    },
    {
      field: 'category',
      status: 'mapped',
      collection_field: field('category', 'Category', 'Option'),
      write_as: 'option',
      message: 'Options: Photos, Videos',
    },
    { field: 'tags', status: 'missing', collection_field: null, write_as: null },
    {
      field: 'author',
      status: 'unsupported',
      collection_field: field('author', 'Author', 'Reference'),
      write_as: null,
    },
  ],
  skipped_fields: ['tags'],
  unmapped_required: [field('venue', 'Venue', 'Reference', true)],
}

/** Answers the two Webflow endpoints the way the real functions do; `progress` is read on every GET. */
function webflowApi(status: WebflowStatus, httpStatus = 200) {
  const state = { progress: IDLE, posts: 0, statusCalls: 0 }
  server.use(
    http.get('*/api/webflow-status', () => {
      state.statusCalls++
      return HttpResponse.json(status, { status: httpStatus })
    }),
    http.get('*/api/webflow-sync-all', () => HttpResponse.json(state.progress)),
  )
  return state
}

async function openPanel(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Webflow' }))
  return screen.findByRole('dialog', { name: 'Webflow' })
}

describe('the Webflow panel', () => {
  beforeEach(() => {
    for (const name of ['WEBFLOW_API_TOKEN', 'WEBFLOW_SITE_ID', 'WEBFLOW_COLLECTION_ID']) {
      Reflect.deleteProperty(process.env, name)
    }
  })

  it('is not offered when the mirror is not set up (the real endpoint says so)', async () => {
    renderScreen()
    await screen.findByRole('button', { name: 'Trash' })
    // Give the probe time to answer.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.queryByRole('button', { name: 'Webflow' })).not.toBeInTheDocument()
  })

  it('shows the site, the publish mode, where each field goes and the required fields it cannot fill', async () => {
    const api = webflowApi(CONNECTED)
    const { user } = renderScreen()
    expect(api.statusCalls).toBe(0)
    const panel = await openPanel(user)
    expect(await within(panel).findByText(/Connected to/)).toHaveTextContent(
      'Connected to Harbour Museum, collection Media Files.',
    )
    expect(panel).toHaveTextContent('Publishing: live. New and changed files show on the published site')
    expect(within(panel).getAllByRole('alert')[0]).toHaveTextContent(
      'Webflow will refuse every file until these required fields can be filled: Venue (Reference).',
    )

    const row = (label: string) => within(panel).getByRole('row', { name: new RegExp(`^${label}`) })
    // Each file field names the collection field it goes to, by its name and slug, and how it was found.
    expect(row('File URL')).toHaveTextContent(
      'Hero image (Image field “hero-image”)Written to the first Image field, "hero-image" (no field is named media-url)',
    )
    expect(row('Description')).toHaveTextContent(
      'Summary (RichText field “summary”)Written to "summary", as WEBFLOW_FIELD_MAP says',
    )
    expect(row('File type')).toHaveTextContent(/^File type\s*File type \(PlainText field “file-type”\)$/)
    expect(row('Category')).toHaveTextContent('Category (Option field “category”)Options: Photos, Videos')
    expect(row('Tags')).toHaveTextContent('Not copied: the collection has no field “tags”.')
    expect(row('Author')).toHaveTextContent(
      'Author (Reference field “author”) Not copied: the app cannot fill a field of this type.',
    )
    expect(within(panel).getByRole('button', { name: 'Sync all' })).toBeEnabled()
  })

  it('says which Image field gets the picture when a Link field takes the file URL', async () => {
    const [, ...rest] = CONNECTED.mapping ?? []
    webflowApi({
      ...CONNECTED,
      mapping: [
        {
          field: 'media-url',
          status: 'mapped',
          collection_field: field('media-url', 'Media URL', 'Link'),
          write_as: 'link',
          chosen_by: 'slug',
        },
        ...rest,
      ],
      picture: {
        collection_field: field('photo', 'Photo', 'Image'),
        message: 'Image field "Photo" gets the picture; Link field "Media URL" gets the file URL',
      },
    })
    const { user } = renderScreen()
    const panel = await openPanel(user)
    expect(await within(panel).findByText(/gets the picture/)).toHaveTextContent(
      'Image field "Photo" gets the picture; Link field "Media URL" gets the file URL.',
    )
    expect(within(panel).getByRole('row', { name: /^File URL/ })).toHaveTextContent(
      'Media URL (Link field “media-url”)',
    )
  })

  it('Sync all starts the run, shows its progress while it goes, and the result once done', async () => {
    const api = webflowApi(CONNECTED)
    const started = '2026-05-01T12:00:00.000Z'
    server.use(
      http.post('*/api/webflow-sync-all', () => {
        api.posts++
        const progress = {
          running: true,
          started_at: started,
          finished_at: null,
          total: 3,
          done: 0,
          failed: 0,
        }
        // The status says the same until the test has seen it: a poll answered before then with the
        // next step would replace "0 of 3" before it was read, as it did on a busy machine.
        api.progress = { ...progress, configured: true }
        return HttpResponse.json({ queued: 3, progress }, { status: 202 })
      }),
    )
    const { user } = renderScreen()
    const panel = await openPanel(user)
    await user.click(await within(panel).findByRole('button', { name: 'Sync all' }))
    // The progress shown is the POST's answer: once it shows, the POST was sent, and sent once.
    expect(await within(panel).findByText('Syncing: 0 of 3 files done.')).toBeInTheDocument()
    expect(api.posts).toBe(1)
    expect(within(panel).getByRole('button', { name: 'Syncing…' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(panel).getByRole('progressbar', { name: 'Sync all progress' })).toBeInTheDocument()

    // The panel asks again every few seconds while the run goes.
    api.progress = { ...api.progress, done: 1 }
    expect(await within(panel).findByText('Syncing: 1 of 3 files done.', {}, { timeout: 8000 })).toBeVisible()
    api.progress = { ...api.progress, running: false, done: 2, failed: 1, finished_at: started }
    await waitFor(
      () => {
        expect(panel).toHaveTextContent('2 files copied. 1 could not be copied: see each file’s Details.')
      },
      { timeout: 8000 },
    )
    expect(within(panel).getByRole('button', { name: 'Sync all' })).toBeEnabled()
  }, 30_000)

  it('says why Sync all could not start', async () => {
    webflowApi(CONNECTED)
    server.use(
      http.post('*/api/webflow-sync-all', () =>
        HttpResponse.json({ error: 'Sync all is already running: 4 of 10 files done' }, { status: 409 }),
      ),
    )
    const { user } = renderScreen()
    const panel = await openPanel(user)
    await user.click(await within(panel).findByRole('button', { name: 'Sync all' }))
    expect(await within(panel).findByText(/Sync all could not start/)).toHaveTextContent(
      'Sync all could not start: Sync all is already running: 4 of 10 files done',
    )
  })

  it('says plainly when Webflow is not set up, and offers no Sync all', async () => {
    webflowApi({ ok: false, configured: false, error: 'Configuration missing' }, 503)
    const { user } = renderScreen()
    const panel = await openPanel(user)
    expect(await within(panel).findByText(/Webflow is not set up/)).toHaveTextContent(
      'Webflow is not set up, so files are not copied anywhere.',
    )
    expect(panel).toHaveTextContent('set WEBFLOW_API_TOKEN, WEBFLOW_SITE_ID and WEBFLOW_COLLECTION_ID')
    expect(within(panel).queryByRole('button', { name: 'Sync all' })).not.toBeInTheDocument()
  })

  it('shows Webflow’s refusal with a way to check again, and offers no Sync all', async () => {
    const api = webflowApi(
      { ok: false, configured: true, error: 'Webflow GET sites/site-1: 401 Request not authorized' },
      502,
    )
    const { user } = renderScreen()
    const panel = await openPanel(user)
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Webflow did not accept the connection: Webflow GET sites/site-1: 401 Request not authorized',
    )
    // The 502 carries the test's own answer: the server was reached, so the screen does not say otherwise.
    expect(screen.queryByText(CONNECTION_WORDS.unreachable)).not.toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Sync all' })).not.toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Check again' }))
    await waitFor(() => {
      expect(api.statusCalls).toBe(2)
    })
  })

  it('reports the last run and a run that stopped early', async () => {
    const api = webflowApi(CONNECTED)
    api.progress = {
      ...IDLE,
      started_at: '2026-05-01T12:00:00.000Z',
      total: 5,
      done: 2,
      error: 'Sync all stopped before the end. Start it again to mirror the rest.',
    }
    const { user } = renderScreen()
    const panel = await openPanel(user)
    expect(await within(panel).findByText(/Sync all stopped before the end/)).toBeInTheDocument()
    expect(panel).toHaveTextContent('2 files copied.')
    expect(within(panel).getByRole('button', { name: 'Sync all' })).toBeEnabled()
  })
})
