import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { listFiles, seedFiles, sha256 } from './support/library'
import { expect, test } from './support/fixtures'
import { card, contextMenu, openScreen, toast } from './support/screen'
import { baseUrl } from './support/server'

const CHUNK = 4 * 1024 * 1024
const RANGE = 8 * 1024 * 1024

const OFFLINE = "You're offline. Changes will be sent when you're back online."
const UNREACHABLE = "Can't reach the server. Retrying…"

test('an upload cut off by the browser going offline waits, then resumes from the server offset once back online', async ({
  page,
  context,
  shot,
}) => {
  test.setTimeout(180_000)
  // Three chunks of 4 MiB (the last one partial), and more than one 8 MiB download window.
  const bytes = randomBytes(10 * 1024 * 1024 + 12_345)
  const calls: string[] = []
  let offline = false
  let patches = 0
  // The browser goes offline between two chunks: the first went up in the creation request itself
  // (creation-with-upload), the second is stopped before it leaves the browser, so the server never
  // sees a request body cut off halfway.
  await page.route(
    (url) => url.pathname.startsWith('/api/uploads'),
    async (route) => {
      const request = route.request()
      const offset = request.headers()['upload-offset']
      calls.push(`${request.method()}${offset === undefined ? '' : ` ${offset}`}`)
      if (request.method() === 'PATCH' && ++patches === 1) {
        await context.setOffline(true)
        offline = true
      }
      if (offline) await route.abort('internetdisconnected')
      else await route.continue()
    },
  )

  await openScreen(page)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  await dialog
    .getByLabel('Choose files to upload')
    .setInputFiles({ name: 'field-recording.bin', mimeType: 'application/octet-stream', buffer: bytes })
  await dialog.getByRole('button', { name: 'Start upload' }).click()

  const item = dialog.getByRole('listitem', { name: 'field-recording.bin' })
  // The file waits with its progress kept, instead of failing; the page says the browser is offline.
  await expect(item.getByText('Waiting for the server…')).toBeVisible({ timeout: 60_000 })
  await expect(item.getByRole('progressbar')).toHaveAttribute('value', /^[1-9]\d*$/)
  await expect(item.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible()
  expect(await page.evaluate(() => navigator.onLine)).toBe(false)
  await shot('upload-offline')

  // The server kept the first chunk, which came with the creation.
  const creation = calls.indexOf('POST')
  expect(calls.slice(creation)).toEqual(['POST', `PATCH ${String(CHUNK)}`])
  const [upload] = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tus::'))
      .map((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { uploadUrl?: string }).uploadUrl),
  )
  expect(upload).toMatch(/^\/api\/uploads\/[\w-]+$/)
  const head = await fetch(`${baseUrl()}${String(upload)}`, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0' },
  })
  expect(head.headers.get('upload-offset')).toBe(String(CHUNK))

  await context.setOffline(false)
  offline = false
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  calls.length = 0
  // Back online, the upload goes on by itself and the offline line goes away.
  await expect(toast(page, 'All 1 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toHaveCount(0)
  await expect(dialog).toHaveCount(0)
  // No new upload: the same one goes on from the offset the server holds (asking it with HEAD when the
  // client is unsure of it), with the remaining chunks.
  const resumed = calls.filter((call) => call.startsWith('PATCH'))
  expect(resumed.slice(0, 2)).toEqual([`PATCH ${String(CHUNK)}`, `PATCH ${String(2 * CHUNK)}`])
  expect(calls).not.toContain('POST')

  const [record] = await listFiles()
  expect(record).toMatchObject({ title: 'field-recording', file_size: bytes.byteLength })
  await expect(card(page, 'field-recording')).toBeVisible()

  // The screen's download reads the file in 8 MiB ranges and saves it whole.
  const ranges: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/files/')) ranges.push(request.headers().range ?? 'no range')
  })
  const download = page.waitForEvent('download')
  await card(page, 'field-recording')
    .getByRole('button', { name: /^Download / })
    .click()
  const saved = await download
  expect(ranges).toEqual([
    `bytes=0-${String(RANGE - 1)}`,
    `bytes=${String(RANGE)}-${String(bytes.byteLength - 1)}`,
  ])
  expect(sha256(await readFile(await saved.path()))).toBe(sha256(bytes))
})

test('with the server stopped the page says so, a delete fails in words, and an upload waits and completes once the server is back', async ({
  page,
  shot,
}) => {
  test.setTimeout(180_000)
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
  // Once the list is in, the page fetches every dialog's code and the toast layer while idle.
  await page.waitForLoadState('networkidle')

  // The server stops, as the browser sees it: every call is refused. (A restart of netlify dev is no
  // stand-in: while it starts, its port takes requests and leaves them unanswered for a minute.)
  const stopped = (url: URL) => url.pathname.startsWith('/api/')
  await page.route(stopped, (route) => route.abort('connectionrefused'))

  // A delete while the server is away: the file comes back and a toast says what happened, in words.
  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to delete file' })
  await expect(failed).toBeVisible()
  await expect(failed).toContainText('The server could not be reached. Check your connection and try again.')
  await expect(failed).not.toContainText(/fetch|TypeError/i)
  await expect(card(page, 'Beach sunset')).toBeVisible()
  const indicator = page.getByRole('status').filter({ hasText: UNREACHABLE })
  await expect(indicator).toBeVisible()
  await shot('offline-indicator')

  // An upload started while the server is away waits for it.
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  await dialog.getByLabel('Choose files to upload').setInputFiles({
    name: 'harbour-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Notes written while the server was away.\n'),
  })
  await dialog.getByRole('button', { name: 'Start upload' }).click()
  const item = dialog.getByRole('listitem', { name: 'harbour-notes.txt' })
  await expect(item.getByText('Waiting for the server…')).toBeVisible({ timeout: 30_000 })
  await expect(item.getByRole('alert')).toHaveCount(0)

  // The server comes back: the line goes away, the upload completes, and its record is in the list.
  await page.unroute(stopped)
  await expect(indicator).toHaveCount(0, { timeout: 60_000 })
  await expect(toast(page, 'All 1 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })
  await expect(card(page, 'harbour-notes')).toBeVisible()
  expect((await listFiles()).map((record) => record.title).sort()).toEqual(['Beach sunset', 'harbour-notes'])
})

test('a dialog whose code fails to arrive the first time still opens', async ({ page }) => {
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
  // The first request for the Edit File dialog's code fails, as on a dropped connection; later ones go through.
  let requests = 0
  await page.route(/\/assets\/edit-file-dialog-[\w-]+\.js$/, async (route) => {
    if (++requests === 1) await route.abort('connectionreset')
    else await route.continue()
  })
  await openScreen(page)
  await card(page, 'Beach sunset')
    .getByRole('button', { name: /^Edit / })
    .click()
  await expect(page.getByRole('dialog', { name: 'Edit File' })).toBeVisible({ timeout: 20_000 })
  expect(requests).toBeGreaterThanOrEqual(2)
  await expect(page.getByText('This part of the page could not load.')).toHaveCount(0)
  await expect(page.getByText(/dynamically imported module/)).toHaveCount(0)
})
