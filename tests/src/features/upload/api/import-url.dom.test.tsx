import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createApiServer } from '../../../../support/upload-api-server'
import { findNotice, libraryRecord, openDialog, renderUploadDialog } from '../../../../support/upload-dialog'
import { importUrl } from '../../../../../src/features/upload/api/import-url'
import { resetConnectivity } from '../../../../../src/lib/connectivity'

/**
 * The Upload dialog's "Import from URL" tab against the real import function (decision 0048). The tests
 * have no internet, so an address that imports is answered by a stand-in for that one address; every
 * other goes to the real handler, which refuses it before any connection.
 */
const api = createApiServer()
const server = setupServer(api.handler)
const IMPORTABLE = 'https://media.example.org/photos/harbour.jpg'
const sent: Record<string, unknown>[] = []

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
  api.log.length = 0
  sent.length = 0
  server.use(
    http.post(/\/api\/import$/, async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, unknown>
      sent.push(body)
      if (body.url !== IMPORTABLE) return undefined
      const record = libraryRecord({ title: 'harbour', media_url: '/api/files/abc/harbour.jpg' })
      return HttpResponse.json({ success: true, record }, { status: 201 })
    }),
  )
})
afterEach(() => {
  vi.restoreAllMocks()
  server.resetHandlers()
  api.uninstall()
  resetConnectivity()
})
afterAll(() => {
  server.close()
})

const importTab = () => screen.getByRole('tab', { name: 'Import from URL' })
const addresses = () => screen.getByRole('textbox', { name: 'File addresses' })
/** Pastes into the addresses field (typing would read `[` as a key name). */
async function enter(user: ReturnType<typeof renderUploadDialog>['user'], text: string) {
  await user.click(addresses())
  await user.paste(text)
}
const importButton = () => screen.getByRole('button', { name: /Start import|Importing/ })
const addressRow = (url: string) =>
  within(screen.getByRole('list', { name: 'Addresses to import' })).getByRole('listitem', { name: url })

describe('Import from URL', () => {
  it('imports each address with the shared details, shows why each refused one failed, and reloads the list', async () => {
    const { user, onUploaded } = renderUploadDialog()
    await openDialog(user)
    await user.click(importTab())
    expect(importTab()).toHaveAttribute('aria-selected', 'true')
    expect(importButton()).toBeDisabled()
    await user.type(screen.getByLabelText('Tags'), 'harbour, dusk')
    await enter(
      user,
      `${IMPORTABLE}\nhttps://169.254.169.254/latest/meta-data/\n\nhttp://example.com/a.png\n${IMPORTABLE}`,
    )
    await user.click(importButton())

    await waitFor(() => {
      expect(within(addressRow(IMPORTABLE)).getByText('Imported')).toBeInTheDocument()
    })
    expect(
      await within(addressRow('https://169.254.169.254/latest/meta-data/')).findByRole('alert'),
    ).toHaveTextContent(
      'That address is a link-local address, where cloud metadata services live, so it cannot be imported.',
    )
    expect(await within(addressRow('http://example.com/a.png')).findByRole('alert')).toHaveTextContent(
      'That address starts with http://, which is not encrypted, so it cannot be imported.',
    )
    expect(await screen.findByText('1 file imported, 2 not: each says why below.')).toBeInTheDocument()
    await waitFor(() => {
      expect(onUploaded).toHaveBeenCalledTimes(1)
    })
    // One call per address, the repeat dropped, each with the dialog's fields.
    expect(sent).toHaveLength(3)
    expect(sent.find((body) => body.url === IMPORTABLE)).toEqual({
      url: IMPORTABLE,
      description: '',
      tags: ['harbour', 'dusk'],
      folder_path: '/',
    })
    expect(await api.records()).toEqual([])

    // Pressing again retries only what failed; the imported address is not sent twice.
    await user.clear(addresses())
    await enter(user, `${IMPORTABLE}\nhttps://[::ffff:127.0.0.1]/a.png`)
    await user.click(importButton())
    expect(
      await within(addressRow('https://[::ffff:127.0.0.1]/a.png')).findByRole('alert'),
    ).toHaveTextContent('That address points at this server itself, so it cannot be imported.')
    expect(sent.map((body) => body.url)).toHaveLength(4)
  })

  it('closes with a message once every address is imported', async () => {
    const { user, onUploaded } = renderUploadDialog()
    await openDialog(user)
    await user.click(importTab())
    await enter(user, IMPORTABLE)
    await user.click(importButton())
    expect(await findNotice('The file was imported.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onUploaded).toHaveBeenCalledTimes(1)
  })

  it('refuses more than 10 addresses before sending any', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await user.click(importTab())
    const eleven = Array.from({ length: 11 }, (_, index) => `https://media.example.org/${String(index)}.png`)
    await enter(user, eleven.join('\n'))
    await user.click(importButton())
    expect(
      await screen.findByText('Import up to 10 addresses at a time; this list has 11.'),
    ).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it('moves between the tabs with the arrow keys, keeping the shared details', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await user.type(screen.getByLabelText('Author'), 'Dana')
    screen.getByRole('tab', { name: 'Upload files' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(importTab()).toHaveFocus()
    expect(addresses()).toBeInTheDocument()
    expect(screen.getByLabelText('Author')).toHaveValue('Dana')
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByLabelText('Choose files to upload')).toBeInTheDocument()
  })
})

describe('importUrl', () => {
  it('sends an Idempotency-Key, and the same one again when the answer was lost on the way', async () => {
    const keys: (string | null)[] = []
    server.use(
      http.post(
        /\/api\/import$/,
        ({ request }) => {
          keys.push(request.headers.get('idempotency-key'))
          return HttpResponse.error()
        },
        { once: true },
      ),
      http.post(/\/api\/import$/, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'))
        const record = libraryRecord({ title: 'harbour', media_url: '/api/files/abc/harbour.jpg' })
        return HttpResponse.json({ success: true, record }, { status: 201 })
      }),
    )
    const record = await importUrl({ url: IMPORTABLE })
    expect(record.title).toBe('harbour')
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(keys[1]).toBe(keys[0])
    // The next import is another file: a key of its own.
    await importUrl({ url: IMPORTABLE })
    expect(keys[2]).not.toBe(keys[0])
  })

  it('says the server could not be reached when no answer came, and that the browser is offline when it is', async () => {
    server.use(http.post(/\/api\/import$/, () => HttpResponse.error()))
    await expect(importUrl({ url: IMPORTABLE })).rejects.toThrow(
      'The server could not be reached. Check your connection and try again.',
    )
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await expect(importUrl({ url: IMPORTABLE })).rejects.toThrow(
      "You're offline. Check your connection and try again.",
    )
  })
})
