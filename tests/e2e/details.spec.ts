import { readFile } from 'node:fs/promises'

import { createFolder, fixturePath, seedFiles, sha256, type StoredRecord } from './support/library'
import { expect, OFFICE_VIEWER, startFromLibrary, test } from './support/fixtures'
import { card, closeDialog, contextMenu, openDetails, openScreen, toast } from './support/screen'

// Opening previews and menus changes no file: one library for the whole file.
test.use({ resetLibrary: false })

let stored: Record<string, StoredRecord> = {}

test.beforeAll(async () => {
  // A file of every preview kind: storing them all can outlast the default minute on a busy machine.
  test.setTimeout(180_000)
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
      { fixture: 'budget.xlsx', title: 'Budget sheet' },
      { fixture: 'notes.txt', title: 'Meeting notes' },
      { fixture: 'readme.md', title: 'Readme' },
      { fixture: 'inventory.csv', title: 'Inventory' },
      { fixture: 'metadata.json', title: 'Metadata' },
      { fixture: 'tone.mp3', title: 'Jingle' },
      { fixture: 'tone.wav', title: 'Chime' },
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

test("the right-click menu offers the spec's four, then Rename, Move to, Copy link, Share link and Replace file, and closes on a choice", async ({
  page,
  shot,
}) => {
  const menu = await contextMenu(page, 'Beach sunset')
  await expect(menu.getByRole('menuitem')).toHaveText([
    'View Details',
    'Edit',
    'Download',
    'Delete',
    'Rename',
    'Move to…',
    'Copy link',
    'Share link (expires)…',
    'Replace file…',
  ])
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
  await expect(field('Type')).toHaveText('JPEG image image/jpeg')
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

test('a link to a file the server does not hold says why it opens nothing', async ({ page }) => {
  await openScreen(page, '/?file=987654321')
  await expect(
    toast(page, 'File 987654321 is not in the library: it was deleted for good, or never added.'),
  ).toBeVisible()
  await expect(page).not.toHaveURL(/file=/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a video plays in the preview, at most 24rem high, and Escape closes Details from it', async ({
  page,
  shot,
}) => {
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
  // The player's controls take the focus, yet Escape still reaches the dialog.
  await video.focus()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a PDF is drawn in a frame 600px high, and Escape closes Details after a click into it', async ({
  page,
  shot,
}) => {
  const dialog = await openDetails(page, 'Budget report')
  const frame = dialog.getByTitle('Budget report (PDF)')
  await expect(frame).toHaveCSS('height', '600px')
  // pdf.js draws the pages in this page, not the browser's viewer in an iframe, which would keep the keys.
  await expect(dialog.locator('iframe')).toHaveCount(0)
  const pages = frame.getByLabel(/^Page \d+$/)
  await expect(pages).toHaveCount(2)
  await expect
    .poll(() =>
      pages.first().evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d')
        if (context === null || canvas.width === 0) return 0
        // Pixels with little blue: the page's orange box, drawn from the file.
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
        let inked = 0
        for (let index = 0; index < data.length; index += 4) if ((data[index + 2] ?? 255) < 120) inked++
        return inked
      }),
    )
    .toBeGreaterThan(100)
  await shot('details-pdf')
  await frame.click()
  await expect(frame).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('Office files on a local site ask for a public link, and nothing is sent to the viewer', async ({
  page,
  outsideRequests,
  shot,
}) => {
  for (const title of ['Creative brief', 'Budget sheet']) {
    const dialog = await openDetails(page, title)
    await expect(dialog.getByRole('note', { name: 'Preview needs a public link' })).toBeVisible()
    await expect(dialog.locator('iframe')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeVisible()
    if (title === 'Creative brief') await shot('details-office')
    await closeDialog(page)
  }
  expect(outsideRequests.filter((url) => url.startsWith(OFFICE_VIEWER))).toEqual([])
})

test('text, CSV and JSON files are shown as text; Markdown as a document, its source a click away', async ({
  page,
  shot,
}) => {
  const markdown = await openDetails(page, 'Readme')
  const document = markdown.getByLabel('Readme (Markdown)')
  await expect(document.getByRole('heading', { name: 'Fixture' })).toBeVisible()
  await expect(document.getByText('Markdown text fixture.')).toBeVisible()
  await shot('details-markdown')
  await markdown.getByRole('button', { name: 'Show the source' }).click()
  await expect(markdown.getByLabel('Readme (text)')).toHaveText(
    await readFile(fixturePath('readme.md'), 'utf8'),
    {
      useInnerText: false,
    },
  )
  await closeDialog(page)

  for (const [title, fixture] of [
    ['Meeting notes', 'notes.txt'],
    ['Inventory', 'inventory.csv'],
    ['Metadata', 'metadata.json'],
  ] as const) {
    const dialog = await openDetails(page, title)
    const text = dialog.getByLabel(`${title} (text)`)
    await expect(text).toHaveText(await readFile(fixturePath(fixture), 'utf8'), { useInnerText: false })
    await expect(dialog.getByText('Showing the first 100 KB.')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Download' })).toHaveCount(1)
    if (title === 'Meeting notes') await shot('details-text')
    await closeDialog(page)
  }
})

test('audio plays in a player; Escape closes Details while the player has focus', async ({ page, shot }) => {
  for (const title of ['Jingle', 'Chime']) {
    const dialog = await openDetails(page, title)
    const audio = dialog.locator('audio')
    await expect(audio).toHaveAttribute('src', record(title).media_url)
    await expect(audio).toHaveAttribute('preload', 'metadata')
    // The built-in host answers the player's range requests: the length arrives.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await expect(dialog.getByText('Preview not available for this file type')).toHaveCount(0)
    if (title === 'Jingle') await shot('details-audio')
    await audio.focus()
    await expect(audio).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})

test('a ZIP lists what it holds, read from its directory, with Download in the footer', async ({
  page,
  shot,
}) => {
  const dialog = await openDetails(page, 'Press bundle')
  const contents = dialog.getByRole('list', { name: 'Press bundle (contents)' })
  await expect(contents.getByRole('listitem')).toHaveText(['readme.txt17 Bytes', 'photos/list.csv30 Bytes'])
  await expect(dialog.getByText('2 entries, 47 Bytes unpacked')).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Download File' })).toHaveCount(0)
  await shot('details-archive')
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download' }).click()
  const saved = await download
  expect(sha256(await readFile(await saved.path()))).toBe(sha256(await readFile(fixturePath('archive.zip'))))
  await closeDialog(page)
})

test('Left and Right move between the files in the order the list shows them', async ({ page }) => {
  // Titles ascending: ... Creative brief, Inventory, Jingle ...
  await openDetails(page, 'Inventory')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('dialog', { name: 'Jingle' })).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('dialog', { name: 'Creative brief' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`[?&]file=${String(record('Creative brief').id)}`))
  await closeDialog(page)
})

test('Edit in Details opens the Edit File dialog for the same file', async ({ page }) => {
  const dialog = await openDetails(page, 'Jingle')
  await dialog.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit File' })
  await expect(edit.getByLabel('Title')).toHaveValue('Jingle')
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a share link made from the menu opens the file to anyone until Revoke in Details ends it', async ({
  page,
  playwright,
  shot,
}) => {
  const notes = record('Meeting notes')
  await (
    await contextMenu(page, 'Meeting notes')
  )
    .getByRole('menuitem', { name: 'Share link (expires)…' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Share link' })
  await dialog.getByRole('button', { name: 'Create and copy link' }).click()
  // Copying may be refused to a headless page; the link is made and listed either way.
  await expect(toast(page, 'Share link').first()).toBeVisible()
  await expect(dialog).toHaveCount(0)

  const listed = await page.request.get(`/api/shares?file=${String(notes.id)}`)
  const [share] = (await listed.json()) as { url: string }[]
  const path = new URL(share?.url ?? '').pathname
  // Someone else: no cookie, no token.
  const stranger = await playwright.request.newContext({ baseURL: new URL(page.url()).origin })
  const opened = await stranger.get(path)
  expect(opened.status()).toBe(200)
  expect(sha256(await opened.body())).toBe(sha256(await readFile(fixturePath('notes.txt'))))

  const details = await openDetails(page, 'Meeting notes')
  const links = details.getByRole('region', { name: 'Share links' })
  await expect(links.getByRole('listitem')).toHaveCount(1)
  await shot('details-share-links')
  await links.getByRole('button', { name: /^Revoke the link that expires/ }).click()
  await expect(links.getByText('No active share links.')).toBeVisible()
  expect((await stranger.get(path)).status()).toBe(410)
  await stranger.dispose()
})
