import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../netlify/server/http/access-gate'
import { ACCESS_TEXT } from '../../../src/features/access/access-text'
import { SIGN_OUT_TEXT } from '../../../src/features/access/components/sign-out-menu'
import { KEPT_DIRECTORY, THEME_STORAGE_KEY } from '../../../src/lib/storage-names'
import { installBrowserGaps, renderScreen } from '../../support/screen-render'
import { seedFiles, server, setupScreenServer } from '../../support/screen-server'

/**
 * Signing out on the screen, against the real handlers: the sign-in cookie rides in a small jar in
 * front of them, as a browser would keep it; the private file system, which jsdom lacks, is a stand-in
 * that records the entries removed.
 */
const TOKEN = 'screen-test-token-0123456789'

setupScreenServer(installBrowserGaps)

let jar: string | null = null
let requests: { method: string; path: string; status: number; clears: string | null }[] = []
const deleted: string[] = []
/** Whether the stand-in browser honours `Clear-Site-Data` (real ones do over https only). */
let honoursClearSiteData = false

beforeEach(async () => {
  await seedFiles([{ title: 'Kept photo' }])
  replaceAccessGate(accessGateFor(TOKEN))
  jar = null
  requests = []
  deleted.length = 0
  honoursClearSiteData = false
  const root = {
    removeEntry: (name: string) => {
      deleted.push(name)
      return Promise.resolve()
    },
  }
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { getDirectory: () => Promise.resolve(root) },
  })
  server.events.on('request:start', ({ request }) => {
    if (jar !== null) request.headers.set('cookie', jar)
  })
  server.events.on('response:mocked', ({ request, response }) => {
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname + new URL(request.url).search,
      status: response.status,
      clears: response.headers.get('clear-site-data'),
    })
    if (honoursClearSiteData && response.headers.get('clear-site-data')?.includes('"storage"')) {
      localStorage.clear()
    }
    const cookie = response.headers.get('set-cookie')
    if (cookie !== null) jar = cookie.split(';')[0] ?? null
  })
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
  server.events.removeAllListeners()
  replaceAccessGate(undefined)
  vi.unstubAllGlobals()
})

async function signIn() {
  const view = renderScreen()
  const asked = await screen.findByRole('dialog', { name: ACCESS_TEXT.title })
  await view.user.type(within(asked).getByLabelText(ACCESS_TEXT.label), TOKEN)
  await view.user.click(within(asked).getByRole('button', { name: ACCESS_TEXT.submit }))
  await screen.findByRole('article', { name: 'Kept photo' }, { timeout: 10_000 })
  return view
}

describe('Sign out', () => {
  it('is not offered while the gate is open', async () => {
    replaceAccessGate(undefined)
    renderScreen()
    await screen.findByRole('article', { name: 'Kept photo' })
    expect(screen.queryByRole('button', { name: SIGN_OUT_TEXT.menu })).not.toBeInTheDocument()
  })

  it('ends the session, drops the kept listing and what is shown, and asks for the token again', async () => {
    const { user } = await signIn()
    const signedIn = jar

    await user.click(screen.getByRole('button', { name: SIGN_OUT_TEXT.menu }))
    await user.click(await screen.findByRole('menuitem', { name: SIGN_OUT_TEXT.here }))

    expect(await screen.findByRole('dialog', { name: ACCESS_TEXT.title })).toBeInTheDocument()
    const out = requests.find((request) => request.method === 'DELETE')
    expect(out).toMatchObject({ path: '/api/access', status: 204, clears: '"cache", "storage"' })
    expect(deleted).toEqual([KEPT_DIRECTORY])
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Kept photo' })).not.toBeInTheDocument()
    })
    expect(screen.queryByRole('button', { name: SIGN_OUT_TEXT.menu })).not.toBeInTheDocument()
    // Behind the dialog, which hides the rest from assistive technology while it is open.
    const header = screen.getByRole('banner', { hidden: true })
    expect(within(header).getByRole('button', { name: ACCESS_TEXT.submit, hidden: true })).toBeVisible()

    // The cookie the browser held is refused now, wherever a copy of it is.
    jar = signedIn
    const reused = await fetch('/api/folder-list')
    expect(reused.status).toBe(401)
  })

  it('everywhere ends every session; the theme choice outlives the cleared storage', async () => {
    const { user } = await signIn()
    const signedIn = jar
    await user.click(screen.getByRole('button', { name: 'Dark' }))
    honoursClearSiteData = true
    await user.click(screen.getByRole('button', { name: SIGN_OUT_TEXT.menu }))
    await user.click(await screen.findByRole('menuitem', { name: SIGN_OUT_TEXT.everywhere }))
    expect(await screen.findByRole('dialog', { name: ACCESS_TEXT.title })).toBeInTheDocument()
    expect(requests.find((request) => request.method === 'DELETE')).toMatchObject({
      path: '/api/access?everywhere=true',
      status: 204,
    })
    expect(deleted).toEqual([KEPT_DIRECTORY])
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    jar = signedIn
    expect((await fetch('/api/folder-list')).status).toBe(401)
  })
})
