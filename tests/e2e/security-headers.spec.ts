/**
 * The app's security headers (netlify.toml `[[headers]]`, and the Content-Security-Policy the build writes
 * into dist/_headers: scripts/csp.ts) in Chromium: the page and its assets carry
 * them, and nothing the screen does breaks under the Content-Security-Policy: uploads (the SHA-256 worker,
 * pdf.js and its worker drawing a PDF's first page, a video frame drawn from a blob: URL), thumbnails, and
 * the image, video, PDF (pdf.js), SVG (Image CDN), text and Office previews. Every violation is recorded; there must be none.
 *
 * netlify dev applies `[[headers]]` to static files, as production does, and also to function answers,
 * which production does not; a header a function sets itself wins in both, which is why the PDF answer's
 * own `frame-ancestors 'self'` reaches the browser here rather than the app's `frame-ancestors 'none'`.
 */
import { readFile } from 'node:fs/promises'

import { referenceFingerprint } from '../support/reference-fingerprint'
import { fixturePath, listFiles } from './support/library'
import { expect, OFFICE_VIEWER, test } from './support/fixtures'
import { watchCsp } from './support/csp-watch'
import { card, closeDialog, openDetails, openScreen, toast } from './support/screen'

// The suite's build has no Cloudinary settings, so its policy names no Cloudinary origin
// (cloudinary-upload.spec.ts runs a build that has them).
const APP_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; worker-src 'self' blob:; frame-src 'self' https://view.officeapps.live.com; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
}

test('the page and its assets carry the security headers, and the page has no inline script', async ({
  page,
}) => {
  const document = await page.goto('/')
  expect(document?.headers()).toMatchObject(APP_HEADERS)
  const html = (await document?.text()) ?? ''
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
  expect(scripts.length).toBeGreaterThan(0)
  for (const [, attributes = '', body = ''] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/startup\//)
    expect(body.trim()).toBe('')
  }
  // The single-page app's other paths are the same page with the same headers.
  expect((await page.request.get('/some/screen')).headers()).toMatchObject(APP_HEADERS)
  // The build's files (the app's script, preloaded) and the page's own startup scripts alike.
  const asset = /\bhref="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
  expect(asset).not.toBe('')
  expect((await page.request.get(asset)).headers()).toMatchObject(APP_HEADERS)
  expect((await page.request.get('/startup/start-app.js')).headers()).toMatchObject(APP_HEADERS)
})

test('uploads, thumbnails and every preview work under the policy with no violation', async ({
  page,
  outsideRequests,
  shot,
}) => {
  test.setTimeout(150_000)
  const csp = await watchCsp(page)
  await openScreen(page)

  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const upload = page.getByRole('dialog', { name: 'Upload Files' })
  const files = ['landscape.jpg', 'clip.mp4', 'report.pdf', 'brief.docx', 'logo.svg', 'notes.txt']
  await upload.getByLabel('Choose files to upload').setInputFiles(files.map(fixturePath))
  await upload.getByRole('button', { name: 'Start upload' }).click()
  await expect(toast(page, 'All 6 files uploaded successfully!')).toBeVisible({ timeout: 90_000 })

  // Thumbnails: the Image CDN's for the image; drawn at upload (pdf.js, a video frame) for the others.
  for (const title of ['landscape', 'clip', 'report']) {
    await expect
      .poll(() =>
        card(page, title)
          .locator('.thumbnail img')
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0)
  }
  const records = Object.fromEntries((await listFiles()).map((record) => [record.title, record]))

  const image = (await openDetails(page, 'landscape')).getByRole('img', { name: 'landscape' })
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  await closeDialog(page)

  const video = (await openDetails(page, 'clip')).locator('video')
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1)
  await closeDialog(page)

  // pdf.js (and its worker) reads the PDF from this site and draws its pages in the 600px frame.
  const pdfUrl = records.report?.media_url ?? ''
  const pdfAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === pdfUrl)
  const pdfDialog = await openDetails(page, 'report')
  expect([200, 206]).toContain((await pdfAnswer).status())
  await expect(pdfDialog.getByTitle('report (PDF)').getByLabel(/^Page \d+$/)).toHaveCount(2)
  await closeDialog(page)

  // The SVG is drawn as a PNG by the Image CDN; the text file is fetched from this site.
  const svg = (await openDetails(page, 'logo')).getByRole('img', { name: 'logo' })
  await expect
    .poll(() => svg.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  await closeDialog(page)
  const notes = await openDetails(page, 'notes')
  await expect(notes.getByLabel('notes (text)')).toContainText('Station notes')
  await closeDialog(page)

  // This site is local, so no Office file goes to Microsoft's viewer: the preview asks for a public link.
  const officeDialog = await openDetails(page, 'brief')
  await expect(officeDialog.getByRole('note', { name: 'Preview needs a public link' })).toBeVisible()
  expect(outsideRequests.filter((url) => url.startsWith(OFFICE_VIEWER))).toEqual([])
  await shot('csp-office-preview')
  await closeDialog(page)

  expect(await csp.violations()).toEqual([])
  // The hash worker ran under the policy, and the server computed the same fingerprint from the bytes.
  const stored = (records.landscape ?? {}) as { sha256?: string | null }
  expect(stored.sha256).toBe(referenceFingerprint(await readFile(fixturePath('landscape.jpg'))))
})
