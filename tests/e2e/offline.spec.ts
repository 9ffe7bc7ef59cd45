import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { listFiles, sha256 } from './support/library'
import { expect, test } from './support/fixtures'
import { card, openScreen, toast } from './support/screen'
import { baseUrl } from './support/server'

const CHUNK = 4 * 1024 * 1024
const RANGE = 8 * 1024 * 1024

test('an upload cut off by the browser going offline resumes from the server offset once back online', async ({
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
  // The browser goes offline between two chunks: the second chunk is stopped before it leaves the
  // browser, so the server never sees a request body cut off halfway.
  await page.route(
    (url) => url.pathname.startsWith('/api/uploads'),
    async (route) => {
      const request = route.request()
      const offset = request.headers()['upload-offset']
      calls.push(`${request.method()}${offset === undefined ? '' : ` ${offset}`}`)
      if (request.method() === 'PATCH' && ++patches === 2) {
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
  await expect(item.getByRole('alert')).toContainText('Network error during upload', { timeout: 60_000 })
  await expect(dialog.getByText('Upload failed: Network error during upload')).toBeVisible()
  expect(await page.evaluate(() => navigator.onLine)).toBe(false)
  await shot('upload-offline')

  // The server kept the first chunk.
  const creation = calls.indexOf('POST')
  expect(calls.slice(creation)).toEqual(['POST', 'PATCH 0', `PATCH ${String(CHUNK)}`])
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
  // Back online, the upload goes on by itself.
  await expect(toast(page, 'All 1 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })
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
  await card(page, 'field-recording').getByRole('button', { name: 'Download' }).click()
  const saved = await download
  expect(ranges).toEqual([
    `bytes=0-${String(RANGE - 1)}`,
    `bytes=${String(RANGE)}-${String(bytes.byteLength - 1)}`,
  ])
  expect(sha256(await readFile(await saved.path()))).toBe(sha256(bytes))
})
