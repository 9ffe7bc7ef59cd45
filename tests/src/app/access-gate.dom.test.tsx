import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../netlify/server/http/access-gate'
import { ACCESS_TEXT } from '../../../src/features/access/components/access-dialog'
import { resetAccessState } from '../../../src/lib/access'
import { installBrowserGaps, renderScreen } from '../../support/screen-render'
import { seedFiles, server, setupScreenServer } from '../../support/screen-server'

/**
 * The screen behind the server's access gate, against the real handlers. The test's fetch keeps no
 * cookies, so the sign-in cookie is carried by a small jar in front of the handlers, as a browser would.
 */
const TOKEN = 'screen-test-token-0123456789'

setupScreenServer(installBrowserGaps)

let jar: string | null = null
let requests: { path: string; status: number }[] = []

beforeEach(async () => {
  await seedFiles([
    {
      title: 'Local photo',
      media_url: '/api/files/mabc123-0123456789abcdef/photo.png',
      file_type: 'image/png',
    },
    { title: 'Remote photo' },
  ])
  replaceAccessGate(accessGateFor(TOKEN))
  resetAccessState()
  jar = null
  requests = []
  server.events.on('request:start', ({ request }) => {
    if (jar !== null) request.headers.set('cookie', jar)
  })
  server.events.on('response:mocked', ({ request, response }) => {
    requests.push({ path: new URL(request.url).pathname, status: response.status })
    const cookie = response.headers.get('set-cookie')
    if (cookie !== null) jar = cookie.split(';')[0] ?? null
  })
})

afterEach(() => {
  server.events.removeAllListeners()
  replaceAccessGate(undefined)
  resetAccessState()
})

const dialog = () => screen.findByRole('dialog', { name: ACCESS_TEXT.title })

describe('the access gate on the screen', () => {
  it('asks once for the token when calls are refused, and refuses a wrong one', async () => {
    const { user } = renderScreen()
    const asked = await dialog()
    await waitFor(() => {
      expect(requests.filter((request) => request.status === 401).length).toBeGreaterThanOrEqual(2)
    })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    const field = within(asked).getByLabelText(ACCESS_TEXT.label)
    expect(field).toHaveAttribute('type', 'password')

    await user.type(field, 'not the token')
    await user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))
    expect(await within(asked).findByRole('alert')).toHaveTextContent(ACCESS_TEXT.invalid)
    expect(jar).toBeNull()
  })

  it('signs in, then loads the files and shows thumbnails through signed links', async () => {
    const { user } = renderScreen()
    const asked = await dialog()
    await user.type(within(asked).getByLabelText(ACCESS_TEXT.label), `  ${TOKEN} `)
    await user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))

    const card = await screen.findByRole('article', { name: 'Local photo' }, { timeout: 10_000 })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(jar).toMatch(/^mfm_access=\d+\./)
    expect(await screen.findByRole('article', { name: 'Remote photo' })).toBeInTheDocument()
    expect(card.querySelector('.thumbnail img')?.getAttribute('src')).toBe(
      '/api/file-link/thumbnail/mabc123-0123456789abcdef/photo.png',
    )
    // The folder list, refused before the sign-in, was asked again.
    const folderCalls = requests.filter((request) => request.path === '/api/folder-list')
    expect(folderCalls.map((call) => call.status)).toEqual([401, 200])
  })

  it('closing the dialog leaves the error screen, and the next refused call asks again', async () => {
    const { user } = renderScreen()
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Error: Failed to load files. Please try again.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await dialog()).toBeInTheDocument()
  })
})

describe('without the access token setting', () => {
  it('asks for nothing and uses the Image CDN directly', async () => {
    replaceAccessGate(undefined)
    renderScreen()
    const card = await screen.findByRole('article', { name: 'Local photo' })
    expect(card.querySelector('.thumbnail img')?.getAttribute('src')).toBe(
      '/.netlify/images?url=%2Fapi%2Ffiles%2Fmabc123-0123456789abcdef%2Fphoto.png&w=150&h=150&fit=cover',
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requests.every((request) => request.status !== 401)).toBe(true)
  })
})
