import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../netlify/server/http/access-gate'
import { acceptInvite, invitePerson } from '../../../netlify/server/people/people-service'
import { documentStore } from '../../../netlify/server/store'
import { ACCESS_TEXT } from '../../../src/features/access/access-text'
import { SIGN_OUT_TEXT } from '../../../src/features/access/components/sign-out-menu'
import { resetAccessState } from '../../../src/lib/access'
import { installBrowserGaps, renderScreen } from '../../support/screen-render'
import { errorAnswer, seedFiles, server, setupScreenServer } from '../../support/screen-server'

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

/**
 * Nothing of the library is on the screen, behind the dialog too (which hides the rest from assistive
 * technology while it is open): no list, no load error, no sample files, no controls.
 */
function expectNothingOfTheLibrary() {
  const hidden = { hidden: true }
  expect(screen.queryAllByRole('article', hidden)).toEqual([])
  expect(screen.queryByText(/Failed to load files/)).not.toBeInTheDocument()
  expect(screen.queryByText(/Sample (image|video|document)/)).not.toBeInTheDocument()
  expect(screen.queryByText('Loading files...')).not.toBeInTheDocument()
  expect(screen.queryByRole('searchbox', hidden)).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Upload', ...hidden })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: SIGN_OUT_TEXT.menu, ...hidden })).not.toBeInTheDocument()
  const header = screen.getByRole('banner', hidden)
  expect(within(header).getByRole('button', { name: ACCESS_TEXT.submit, ...hidden })).toBeVisible()
}

/** The sign-in screen's own Sign in, outside the dialog. */
const screenSignIn = () => within(screen.getByRole('main')).getByRole('button', { name: ACCESS_TEXT.submit })
const headerSignIn = () =>
  within(screen.getByRole('banner')).getByRole('button', { name: ACCESS_TEXT.submit })

async function signInWith(user: ReturnType<typeof renderScreen>['user'], token: string) {
  const asked = await dialog()
  await user.type(within(asked).getByLabelText(ACCESS_TEXT.label), token)
  await user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))
}

describe('the access gate on the screen', () => {
  it('asks once for the token when calls are refused, over a sign-in screen, and refuses a wrong one', async () => {
    const { user } = renderScreen()
    const asked = await dialog()
    await waitFor(() => {
      expect(requests.filter((request) => request.status === 401).length).toBeGreaterThanOrEqual(2)
    })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    expectNothingOfTheLibrary()
    const field = within(asked).getByLabelText(ACCESS_TEXT.label)
    expect(field).toHaveAttribute('type', 'password')

    await user.type(field, 'not the token')
    await user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))
    expect(await within(asked).findByRole('alert')).toHaveTextContent(ACCESS_TEXT.invalid)
    expect(jar).toBeNull()
  })

  it('signs a person in with their email and password, and says only "wrong" for a wrong one', async () => {
    const invited = await invitePerson(
      documentStore(),
      { email: 'writer@example.com', role: 'editor' },
      'http://x.test',
    )
    const password = 'ample lantern orbit quietly'
    await acceptInvite(documentStore(), { token: invited.invite_token, name: 'Writer', password })
    const { user } = renderScreen()
    const asked = await dialog()
    await user.type(within(asked).getByLabelText(ACCESS_TEXT.email), 'writer@example.com')
    await user.type(within(asked).getByLabelText(ACCESS_TEXT.password), 'not my password at all')
    await user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))
    expect(await within(asked).findByRole('alert')).toHaveTextContent(ACCESS_TEXT.wrongPassword)

    await user.clear(within(asked).getByLabelText(ACCESS_TEXT.password))
    await user.type(within(asked).getByLabelText(ACCESS_TEXT.password), password)
    await user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))
    expect(
      await screen.findByRole('article', { name: 'Local photo' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(jar).toMatch(/^mfm_access=\d+\./)
  })

  it("keeps a link's file through the sign-in, and opens it after", async () => {
    const { user } = renderScreen('/?file=2')
    await signInWith(user, TOKEN)
    expect(
      await screen.findByRole('dialog', { name: 'Remote photo' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(window.location.search).toBe('?file=2')
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

  it('Cancel leaves the sign-in screen with Sign in in the header and on the screen, each opening the dialog', async () => {
    const { user } = renderScreen()
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    // Every call of the first screen answered (refused): none of them brought the library back.
    await waitFor(() => {
      expect(requests.some((request) => request.path === '/api/access')).toBe(true)
    })
    expectNothingOfTheLibrary()
    expect(screen.getByRole('heading', { name: ACCESS_TEXT.title })).toBeInTheDocument()

    await user.click(headerSignIn())
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    await user.click(screenSignIn())
    await signInWith(user, TOKEN)
    expect(await screen.findByRole('article', { name: 'Local photo' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: ACCESS_TEXT.submit })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: SIGN_OUT_TEXT.menu })).toBeInTheDocument()
  })

  it('a session that ends while the screen is open returns to the sign-in screen, and the view in the address stays', async () => {
    const view = '/?q=photo&view=list&sort=date&dir=desc'
    const { user } = renderScreen(view)
    await signInWith(user, TOKEN)
    expect(await screen.findByRole('row', { name: /Local photo/ })).toBeInTheDocument()

    // The session ends elsewhere (signed out everywhere, or expired): the next call is refused.
    jar = 'mfm_access=ended'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await dialog()).toBeInTheDocument()
    expectNothingOfTheLibrary()
    expect(window.location.pathname + window.location.search).toBe(view)

    jar = null
    await signInWith(user, TOKEN)
    expect(await screen.findByRole('row', { name: /Local photo/ })).toBeInTheDocument()
    expect(screen.getByRole('searchbox')).toHaveValue('photo')
    expect(window.location.pathname + window.location.search).toBe(view)
  })

  it('a failed load behind the gate is still the error screen with the sample files, not the sign-in', async () => {
    const { user } = renderScreen()
    server.use(http.get('*/api/media-pages', () => errorAnswer('Failed to load files', 500)))
    await signInWith(user, TOKEN)
    expect(await screen.findByText('Error: Failed to load files. Please try again.')).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Sample image' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: ACCESS_TEXT.submit })).not.toBeInTheDocument()
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
