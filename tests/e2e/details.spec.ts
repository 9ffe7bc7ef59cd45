import { readFile } from 'node:fs/promises'

import { createFolder, fixturePath, seedFiles, sha256, type StoredRecord } from './support/library'
import { expect, OFFICE_VIEWER, startFromLibrary, test } from './support/fixtures'
import { card, closeDialog, contextMenu, openDetails, openScreen } from './support/screen'

// Opening previews and menus changes no file: one library for the whole file.
test.use({ resetLibrary: false })

let stored: Record<string, StoredRecord> = {}

test.beforeAll(async () => {
  await startFromLibrary(async () => {
    await createFolder('Campaigns')
    const records = await seedFiles([
      {
        fixture: 'landscape.jpg',
        title: 'Beach sunset',
        description: 'Golden hour on the coast',
        author: 'Dana',
        tags: ['summer', 'coast'],
        date: '2026-03-10',
      },
      { fixture: 'clip.mp4', title: 'Launch spot' },
      { fixture: 'report.pdf', title: 'Budget report' },
      { fixture: 'brief.docx', title: 'Creative brief' },
      { fixture: 'notes.txt', title: 'Meeting notes' },
      { fixture: 'tone.mp3', title: 'Jingle' },
      { fixture: 'archive.zip', title: 'Press bundle' },
    ])
    stored = Object.fromEntries(records.map((record) => [record.title, record]))
  })
})

test.beforeEach(async ({ page }) => {
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

function record(title: string): StoredRecord {
  const found = stored[title]
  if (found === undefined) throw new Error(`${title} was not seeded`)
  return found
}

test('the right-click menu offers View Details, Edit, Download and Delete, and closes on a choice', async ({
  page,
  shot,
}) => {
  const menu = await contextMenu(page, 'Beach sunset')
  await expect(menu.getByRole('menuitem')).toHaveText(['View Details', 'Edit', 'Download', 'Delete'])
  await shot('context-menu')
  await menu.getByRole('menuitem', { name: 'View Details' }).click()
  await expect(page.getByRole('dialog', { name: 'Beach sunset' })).toBeVisible()
  await expect(page.getByRole('menu')).toHaveCount(0)
  await closeDialog(page)

  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Edit' }).click()
  await expect(page.getByRole('dialog', { name: 'Edit File' })).toBeVisible()
  await expect(page.getByRole('menu')).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  const download = page.waitForEvent('download')
  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Download' }).click()
  const saved = await download
  // The name is not checked: the server's Content-Disposition filename (the uploaded name) wins over
  // the link's `download` name (the title) in Chromium.
  const bytes = await readFile(await saved.path())
  expect(sha256(bytes)).toBe(sha256(await readFile(fixturePath('landscape.jpg'))))
  await expect(page.getByRole('menu')).toHaveCount(0)

  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to delete "Beach sunset"?')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

test('Details shows description, type, size, created, author and tags, and the image at most 24rem high', async ({
  page,
  shot,
}) => {
  const dialog = await openDetails(page, 'Beach sunset')
  const field = (name: string) => dialog.locator('dt', { hasText: name }).locator('+ dd')
  await expect(field('Description')).toHaveText('Golden hour on the coast')
  await expect(field('Type')).toHaveText('image/jpeg')
  await expect(field('Size')).toHaveText('17.82 KB')
  await expect(field('Created')).toContainText('Mar 10, 2026')
  await expect(field('Author')).toHaveText('Dana')
  await expect(field('Tags').getByRole('listitem')).toHaveText(['summer', 'coast'])

  const image = dialog.getByRole('img', { name: 'Beach sunset' })
  await expect(image).toHaveAttribute('src', record('Beach sunset').media_url)
  await expect(image).toHaveCSS('max-height', '384px')
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  await expect(page).toHaveURL(new RegExp(`[?&]file=${String(record('Beach sunset').id)}`))
  await shot('details-image')
  await closeDialog(page)
  await expect(page).not.toHaveURL(/file=/)
})

test('a video plays in the preview, at most 24rem high', async ({ page, shot }) => {
  const dialog = await openDetails(page, 'Launch spot')
  const video = dialog.locator('video')
  await expect(video).toHaveAttribute('src', record('Launch spot').media_url)
  await expect(video).toHaveAttribute('controls', '')
  await expect(video).toHaveCSS('max-height', '384px')
  // The built-in host answers the player's range requests: the metadata arrives.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1)
  await shot('details-video')
})

test('a PDF is framed 600px high', async ({ page, shot }) => {
  const dialog = await openDetails(page, 'Budget report')
  const frame = dialog.getByTitle('Budget report (PDF)')
  await expect(frame).toHaveAttribute('src', record('Budget report').media_url)
  await expect(frame).toHaveCSS('height', '600px')
  // Headless Chromium has no PDF viewer, so the frame stays blank here; what the frame is given is a
  // PDF the browser may render in a frame (no sandbox policy, unlike every other file).
  const served = await page.request.get(record('Budget report').media_url)
  expect(served.headers()['content-type']).toBe('application/pdf')
  expect(served.headers()['content-security-policy'] ?? '').not.toContain('sandbox')
  await shot('details-pdf')
})

test('an Office file goes to the online viewer with its encoded absolute URL', async ({
  page,
  baseURL,
  outsideRequests,
  shot,
}) => {
  const dialog = await openDetails(page, 'Creative brief')
  const frame = dialog.getByTitle('Creative brief (Office viewer)')
  const fileUrl = `${String(baseURL)}${record('Creative brief').media_url}`
  const viewer = `${OFFICE_VIEWER}/op/embed.aspx?src=${encodeURIComponent(fileUrl)}`
  await expect(frame).toHaveAttribute('src', viewer)
  await expect(frame).toHaveCSS('height', '600px')
  // The frame's request was answered by the local stand-in, never by Microsoft.
  await expect.poll(() => outsideRequests).toContain(viewer)
  await shot('details-office')
})

test('a text file shows the placeholder; audio and archives say Preview not available with Download File', async ({
  page,
  shot,
}) => {
  const notes = await openDetails(page, 'Meeting notes')
  await expect(
    notes.getByText('Text preview is not available yet. Download the file to read it.'),
  ).toBeVisible()
  await expect(notes.getByText('Preview not available for this file type')).toHaveCount(0)
  await shot('details-text')
  await closeDialog(page)

  for (const [title, fixture] of [
    ['Jingle', 'tone.mp3'],
    ['Press bundle', 'archive.zip'],
  ] as const) {
    const dialog = await openDetails(page, title)
    await expect(dialog.getByText('Preview not available for this file type')).toBeVisible()
    const link = dialog.getByRole('link', { name: 'Download File' })
    await expect(link).toHaveAttribute('href', record(title).media_url)
    if (title === 'Jingle') await shot('details-unsupported')
    const download = page.waitForEvent('download')
    await link.click()
    const saved = await download
    expect(sha256(await readFile(await saved.path()))).toBe(sha256(await readFile(fixturePath(fixture))))
    await closeDialog(page)
  }
})

test('Edit in Details opens the Edit File dialog for the same file', async ({ page }) => {
  const dialog = await openDetails(page, 'Jingle')
  await dialog.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit File' })
  await expect(edit.getByLabel('Title')).toHaveValue('Jingle')
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
