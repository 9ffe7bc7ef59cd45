import { readFile } from 'node:fs/promises'

import type { Page } from '@playwright/test'

import { readZip } from '../support/zip-reader'
import { fixturePath, seedFiles, type StoredRecord } from './support/library'
import { expect, startFromLibrary, test } from './support/fixtures'
import { card, openScreen, select, toast } from './support/screen'

const FILES = [
  { fixture: 'landscape.jpg', title: 'Beach sunset' },
  { fixture: 'report.pdf', title: 'Budget report' },
  { fixture: 'tone.mp3', title: 'Jingle' },
]

let records: StoredRecord[] = []

// No test changes the library (a failing file is refused on its way to the page), so it is seeded once.
test.use({ resetLibrary: false })

test.beforeAll(async () => {
  await startFromLibrary(async () => {
    records = await seedFiles(FILES)
  })
})

test.beforeEach(async ({ page }) => {
  await openScreen(page)
  await expect(card(page, 'Jingle')).toBeVisible()
})

const panel = (page: Page) => page.getByRole('region', { name: 'Bulk operations' })

/** The built-in file of the record titled `title`, as the page asks for it. */
function fileUrl(title: string): string {
  const record = records.find((each) => each.title === title)
  if (!record) throw new Error(`no record titled ${title}`)
  return `**${new URL(record.media_url, 'http://localhost').pathname}`
}

async function downloadAll(page: Page) {
  await select(page, 'Beach sunset', 'Budget report', 'Jingle')
  const download = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Download' }).click()
  const saved = await download
  return { name: saved.suggestedFilename(), entries: readZip(await readFile(await saved.path())) }
}

test('a bulk download of three files is one ZIP holding each file, byte for byte', async ({ page }) => {
  const { name, entries } = await downloadAll(page)
  expect(name).toMatch(/^media-3-files-\d{4}-\d{2}-\d{2}\.zip$/)
  expect(entries.map((entry) => entry.name)).toEqual(['Beach sunset.jpg', 'Budget report.pdf', 'Jingle.mp3'])
  for (const [index, entry] of entries.entries()) {
    expect(entry.bytes.equals(await readFile(fixturePath(FILES[index]?.fixture ?? '')))).toBe(true)
  }
  await expect(toast(page, '3 files processed successfully')).toBeVisible()
})

test('a file the server no longer has is named in a toast and in the report inside the ZIP', async ({
  page,
}) => {
  await page.route(fileUrl('Budget report'), (route) => route.fulfill({ status: 404, body: 'Not found' }))
  const { entries } = await downloadAll(page)
  expect(entries.map((entry) => entry.name)).toEqual([
    'Beach sunset.jpg',
    'Jingle.mp3',
    'download-report.txt',
  ])
  const report = entries[2]?.bytes.toString('utf8') ?? ''
  expect(report).toContain('2 of 3 files are in this archive whole.')
  expect(report).toContain('- Budget report.pdf ("Budget report"): it is no longer on the server (404)')
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expect(toast(page, '1 file failed to process')).toBeVisible()
  await expect(page.getByText('2 of 3 files zipped; 1 could not be read: Budget report.pdf.')).toBeVisible()
})

test('the progress toast shows bytes and files done, and Cancel stops it with nothing saved', async ({
  page,
  shot,
}) => {
  const downloads: string[] = []
  page.on('download', (download) => downloads.push(download.suggestedFilename()))
  // The last file does not answer until the test is over: the archive waits on it.
  const { promise: held, resolve: release } = Promise.withResolvers<undefined>()
  await page.route(fileUrl('Jingle'), async (route) => {
    await held
    await route.abort().catch(() => undefined)
  })
  await select(page, 'Beach sunset', 'Budget report', 'Jingle')
  await panel(page).getByRole('button', { name: 'Download' }).click()
  const bar = page.getByRole('progressbar', { name: 'Zip progress' })
  await expect(bar).toHaveAttribute('aria-valuetext', /, 2 of 3 files$/)
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
  await expect(page.getByText('Zipping 3 files')).toBeVisible()
  await shot('zip-progress')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(bar).toHaveCount(0)
  release(undefined)
  await page.waitForTimeout(500)
  expect(downloads).toEqual([])
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
})
