import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { pageRange } from '../../../src/contract/media-pages'
import { encodeMediaPage } from '../../../src/contract/media-page-codec'
import { listedRecord } from '../../support/listed-record'
import { installBrowserGaps, renderScreen } from '../../support/screen-render'
import {
  bareStatus,
  errorAnswer,
  freshStore,
  seedFiles,
  server,
  startScreenServer,
} from '../../support/screen-server'

beforeAll(() => {
  installBrowserGaps()
  startScreenServer()
})
beforeEach(freshStore)
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

describe('screen states', () => {
  it('shows the title, the tagline and Loading files... until the list arrives', async () => {
    await seedFiles([{ title: 'Launch banner' }])
    renderScreen()
    expect(screen.getByRole('heading', { level: 1, name: 'Media File Manager' })).toBeInTheDocument()
    expect(screen.getByText('Upload, organize, and manage your media files')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading files...')
    expect(await screen.findByRole('article', { name: 'Launch banner' })).toBeInTheDocument()
    expect(screen.queryByText('Loading files...')).not.toBeInTheDocument()
  })

  it('reports an HTTP failure as the error screen, with the three sample files behind it', async () => {
    server.use(http.get('*/api/media-pages', () => errorAnswer('Failed to load files', 500)))
    renderScreen()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error: Failed to load files. Please try again.')
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect((await screen.findAllByRole('article')).map((card) => card.getAttribute('aria-label'))).toEqual([
      'Sample document',
      'Sample image',
      'Sample video',
    ])
  })

  it('reports a network failure the same way', async () => {
    server.use(http.get('*/api/media-pages', () => HttpResponse.error()))
    renderScreen()
    expect(await screen.findByText('Error: Failed to load files. Please try again.')).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Sample image' })).toBeInTheDocument()
  })

  it('reports a failure without a JSON body the same way', async () => {
    server.use(http.get('*/api/media-pages', () => bareStatus(502)))
    renderScreen()
    expect(await screen.findByText('Error: Failed to load files. Please try again.')).toBeInTheDocument()
  })

  it('Try Again loads the files again and leaves the error screen', async () => {
    await seedFiles([{ title: 'Launch banner' }])
    server.use(http.get('*/api/media-pages', () => errorAnswer('Failed to load files', 503), { once: true }))
    const { user } = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('article', { name: 'Launch banner' })).toBeInTheDocument()
    // The records and the listing's end are two replies, each rendered as it comes.
    await waitFor(() => {
      expect(screen.queryByText(/Failed to load files/)).not.toBeInTheDocument()
    })
    expect(screen.queryByRole('article', { name: 'Sample image' })).not.toBeInTheDocument()
  })

  it('in an outage with files on screen, lets the connection line alone speak', async () => {
    await seedFiles([{ title: 'Launch banner' }])
    renderScreen()
    expect(await screen.findByRole('article', { name: 'Launch banner' })).toBeInTheDocument()
    server.use(http.all('*/api/*', () => HttpResponse.error()))
    // The tab comes back into view: the list is checked again, and the server does not answer.
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await screen.findByText("Can't reach the server. Retrying…")).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByText(/Failed to load files/)).not.toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Launch banner' })).toBeInTheDocument()
  })

  it('in an outage halfway through the library, says only what is in and lets the connection line speak', async () => {
    const first = encodeMediaPage([listedRecord(1, { title: 'Launch banner' })], {
      ...pageRange(0),
      shardCount: 60,
    })
    server.use(
      http.get('*/api/media-pages', ({ request }) =>
        new URL(request.url).searchParams.get('shards') === '0-0'
          ? HttpResponse.json(first)
          : HttpResponse.error(),
      ),
    )
    renderScreen()
    expect(await screen.findByRole('article', { name: 'Launch banner' })).toBeInTheDocument()
    expect(await screen.findByText("Can't reach the server. Retrying…")).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.getByText('1 file loaded')).toBeInTheDocument()
    })
    expect(screen.queryByText(/Loading the library|loading the rest/)).not.toBeInTheDocument()
    expect(screen.queryByText(/Failed to load files/)).not.toBeInTheDocument()
  })

  it('while the library arrives, an empty first page is not an empty library', async () => {
    // Every file of shard 0 (the oldest ids) deleted: the first page is empty, the files come after it.
    const empty = encodeMediaPage([], { ...pageRange(0), shardCount: 60 })
    let releaseRest: () => void = () => undefined
    const rest = new Promise<void>((resolve) => {
      releaseRest = resolve
    })
    server.use(
      http.get('*/api/media-pages', async ({ request }) => {
        const shards = new URL(request.url).searchParams.get('shards')
        if (shards === '0-0') return HttpResponse.json(empty)
        await rest
        const range = pageRange(shards === '1-49' ? 1 : 2)
        const records = shards === '1-49' ? [listedRecord(2_600, { title: 'Launch banner' })] : []
        return HttpResponse.json(encodeMediaPage(records, { ...range, shardCount: 60 }))
      }),
    )
    renderScreen()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByText('No files found')).not.toBeInTheDocument()
    releaseRest()
    expect(await screen.findByRole('article', { name: 'Launch banner' })).toBeInTheDocument()
    expect(screen.queryByText('No files found')).not.toBeInTheDocument()
  })

  it('shows No files found with the upload hint for an empty library, on its first answer', async () => {
    // The first page's answer says there is no shard past it: the rest of the library's answers, held
    // here, have nothing to add.
    let releaseRest: () => void = () => undefined
    const rest = new Promise<void>((resolve) => {
      releaseRest = resolve
    })
    server.use(
      http.get('*/api/media-pages', async ({ request }) => {
        if (new URL(request.url).searchParams.get('shards') !== '0-0') await rest
      }),
    )
    renderScreen()
    expect(await screen.findByText('No files found')).toBeInTheDocument()
    expect(screen.getByText('Get started by uploading your first file.')).toBeInTheDocument()
    expect(screen.queryByText(/Loading/)).not.toBeInTheDocument()
    releaseRest()
  })
})
