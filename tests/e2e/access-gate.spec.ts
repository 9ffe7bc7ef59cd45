/**
 * The screen behind the access gate, on a netlify dev of this file's own started with APP_ACCESS_TOKEN
 * (serving the suite's build): a first visit is a sign-in screen showing nothing of the library; it asks
 * once, loads the list, uploads show their thumbnails, a video plays, and a reload asks nothing more.
 */
import type { Page } from '@playwright/test'

import { fixturePath } from './support/library'
import { expect, test } from './support/fixtures'
import { scan } from './support/axe'
import { watchCsp } from './support/csp-watch'
import { startOwnServer, type OwnServer } from './support/own-server'
import { card, openDetails, toast } from './support/screen'

const TOKEN = 'e2e-gate-token-7d1f03c2b9'

let server: OwnServer

// The shared server's library is not used here.
test.use({ resetLibrary: false })
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await startOwnServer({ APP_ACCESS_TOKEN: TOKEN })
})

test.afterAll(async () => {
  await server.stop()
})

const accessDialog = (page: Page) => page.getByRole('dialog', { name: 'Access token required' })

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${String(size.width)} px a first visit is a sign-in screen with nothing of the library, and Cancel leaves Sign in`, async ({
    page,
    shot,
  }, testInfo) => {
    await page.setViewportSize(size)
    const view = '/?q=clip&view=list'
    await page.goto(`${server.baseUrl}${view}`)
    const dialog = accessDialog(page)
    await expect(dialog).toBeVisible()
    // Behind the dialog (hidden from assistive technology while it is open, so found by its markup):
    // no load error, no sample files, no list, no library controls, no Sign out.
    const nothingOfTheLibrary = async () => {
      await expect(page.getByText(/Failed to load files/)).toHaveCount(0)
      await expect(page.getByText(/^Sample (image|video|document)$/)).toHaveCount(0)
      await expect(page.getByText('Loading files...')).toHaveCount(0)
      await expect(page.locator('article, .file-table, .toolbar, .tree, .breadcrumbs')).toHaveCount(0)
      await expect(page.getByText('Sign out', { exact: true })).toHaveCount(0)
    }
    await nothingOfTheLibrary()
    await shot(`access-gate-first-screen-${String(size.width)}`)

    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await nothingOfTheLibrary()
    const header = page.getByRole('banner')
    await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Access token required' })).toBeVisible()
    // Nothing runs past the screen's width, and the view asked for stays in the address.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    await expect(page).toHaveURL(`${server.baseUrl}${view}`)
    await shot(`access-gate-signed-out-${String(size.width)}`)
    await scan(page, testInfo, `sign-in-screen-${String(size.width)}`)

    await header.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Access token')).toBeFocused()
  })
}

test('asks for the token once, then loads the list, shows uploaded thumbnails and plays a video; a reload asks nothing', async ({
  page,
  context,
  shot,
}, testInfo) => {
  test.setTimeout(180_000)
  const csp = await watchCsp(page)
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname)
  })

  await page.goto(`${server.baseUrl}/`)
  const dialog = accessDialog(page)
  await expect(dialog).toBeVisible()
  // Every call the screen made was refused, and one dialog asks for all of them.
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await shot('access-gate-dialog')

  const field = dialog.getByLabel('Access token')
  await expect(field).toHaveAttribute('type', 'password')
  await field.fill('not the token')
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Invalid access token')
  await scan(page, testInfo, 'access-dialog')

  await field.fill(TOKEN)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('No files found')).toBeVisible()

  // The sign-in is an HttpOnly, SameSite=Strict cookie; the token is kept nowhere a script can read.
  const [cookie] = await context.cookies(server.baseUrl)
  expect(cookie).toMatchObject({ name: 'mfm_access', httpOnly: true, sameSite: 'Strict', path: '/' })
  expect(cookie?.value).not.toContain(TOKEN)
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const key = storage.key(index) ?? ''
        return `${key}=${storage.getItem(key) ?? ''}`
      }),
    ),
  )
  expect(stored.join('\n')).not.toContain(TOKEN)

  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const upload = page.getByRole('dialog', { name: 'Upload Files' })
  await upload
    .getByLabel('Choose files to upload')
    .setInputFiles([fixturePath('landscape.jpg'), fixturePath('clip.mp4')])
  await upload.getByRole('button', { name: 'Start upload' }).click()
  await expect(toast(page, 'All 2 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })

  // The image's thumbnail goes through a signed link to the Image CDN; the video's was drawn at upload.
  // That is three calls one after another (the link, the CDN, the file it fetches), each a fresh worker
  // under netlify dev, queued behind the page's own calls: on a busy two-core machine more than 10 s.
  // The card draws the 4:3 picture its box needs (here 320 px wide) from the srcset of signed links.
  const image = card(page, 'landscape').locator('.thumbnail img')
  const thumbnailWidth = () => image.evaluate((element: HTMLImageElement) => element.naturalWidth)
  const pictureSource = () => image.evaluate((element: HTMLImageElement) => element.currentSrc)
  await expect(image).toHaveAttribute('src', /^\/api\/file-link\/thumbnail\/[^/]+\/landscape\.jpg$/)
  await expect(image).toHaveAttribute('srcset', /^\/api\/file-link\/card-320\/[^/]+\/landscape\.jpg 320w, /)
  await expect.poll(pictureSource, { timeout: 30_000 }).toMatch(/\/api\/file-link\/card-320\//)
  await expect.poll(thumbnailWidth, { timeout: 30_000 }).toBeGreaterThan(0)
  const frame = card(page, 'clip').locator('.thumbnail img')
  await expect
    .poll(() => frame.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  await shot('access-gate-signed-in')

  const details = await openDetails(page, 'clip')
  const video = details.locator('video')
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1)
  await page.keyboard.press('Escape')
  // Closing goes Back to the entry before the dialog opened. A reload before that lands reloads the
  // dialog's own address, which opens it again over the cards.
  await expect(details).toHaveCount(0)
  await expect(page).not.toHaveURL(/[?&]file=/)

  refused.length = 0
  await page.reload()
  await expect(card(page, 'landscape')).toBeVisible()
  await expect.poll(thumbnailWidth, { timeout: 30_000 }).toBeGreaterThan(0)
  await expect(accessDialog(page)).toHaveCount(0)
  expect(refused).toEqual([])

  // Signing out ends this browser's session: the kept listing goes, and the token is asked for again.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Sign out of this browser' }).click()
  await expect(accessDialog(page)).toBeVisible()
  await expect(card(page, 'landscape')).toHaveCount(0)
  await expect(page.getByText(/Failed to load files/)).toHaveCount(0)
  const keptLibrary = () =>
    page.evaluate(async () => {
      const root = await navigator.storage.getDirectory()
      return root.getDirectoryHandle('library').then(
        () => true,
        () => false,
      )
    })
  await expect.poll(keptLibrary).toBe(false)
  expect(await csp.violations()).toEqual([])
})

test('without the cookie the files themselves are refused', async ({ browser }) => {
  const stranger = await browser.newContext()
  const response = await stranger.request.get(`${server.baseUrl}/api/media`)
  expect(response.status()).toBe(401)
  expect(response.headers()['www-authenticate']).toContain('Bearer')
  await stranger.close()
})
