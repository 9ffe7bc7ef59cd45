import { readFile } from 'node:fs/promises'

import type { Route } from '@playwright/test'

import { downloadStored, fixturePath, listFiles, sha256 } from './support/library'
import { expect, test } from './support/fixtures'
import { card, expectTitles, openScreen, toast } from './support/screen'

/** Each file, the category stored for it, and the label the dialog shows for that category. */
const BATCH = [
  ['landscape.jpg', 'Images', 'Images'],
  ['clip.mp4', 'Video', 'Videos'],
  ['report.pdf', 'Documents', 'Documents'],
  ['tone.mp3', 'Audio', 'Audio'],
  ['brief.docx', 'Documents', 'Documents'],
  ['archive.zip', 'Files', 'Other'],
] as const

const isUploadCall = (url: URL) => url.pathname.startsWith('/api/uploads')

test('a mixed batch uploads with per-file progress, lands in the list and survives a reload', async ({
  page,
  shot,
}) => {
  test.setTimeout(120_000)
  // The bytes wait until the progress has been seen: a local server would otherwise finish first. A
  // small file goes up in its creation request (POST), a larger one's chunks by PATCH.
  const held: Route[] = []
  let holding = true
  await page.route(isUploadCall, async (route) => {
    if (holding && ['POST', 'PATCH'].includes(route.request().method())) held.push(route)
    else await route.continue()
  })

  await openScreen(page)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  await expect(dialog).toContainText('Up to 10 files per batch.')
  const start = dialog.getByRole('button', { name: 'Start upload' })
  await expect(start).toBeDisabled()

  await dialog.getByLabel('Choose files to upload').setInputFiles(BATCH.map(([name]) => fixturePath(name)))
  const items = dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')
  await expect(items).toHaveCount(BATCH.length)
  for (const [name, , label] of BATCH) {
    const item = items.filter({ has: page.getByText(name, { exact: true }) })
    await expect(item).toContainText(label)
    await expect(item.getByLabel('Title')).toHaveValue(name.split('.')[0] ?? '')
  }
  // Each file has its own details too (folded in its row); these are the ones for every file.
  const shared = dialog.getByRole('group', { name: 'Details for every file' })
  await shared.getByLabel('Description').fill('Spring campaign')
  await shared.getByLabel('Tags').fill('spring, launch')
  await shared.getByLabel('Author').fill('Dana')
  await shot('upload-chosen')

  await start.click()
  await expect(dialog.getByRole('button', { name: 'Uploading…' })).toHaveAttribute('aria-disabled', 'true')
  // Three files go at once; each shows its own progress bar and percentage.
  const bars = dialog.getByRole('progressbar')
  await expect(bars).toHaveCount(3)
  await expect(dialog.getByRole('progressbar', { name: 'landscape.jpg upload progress' })).toBeVisible()
  await expect(items.filter({ hasText: 'landscape.jpg' })).toContainText(/\d+%/)
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(1)
  await shot('upload-progress')

  holding = false
  for (const route of held.splice(0)) await route.continue()
  await expect(toast(page, 'All 6 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })
  await expect(dialog).toHaveCount(0)
  const titles = ['archive', 'brief', 'clip', 'landscape', 'report', 'tone']
  await expectTitles(page, titles)

  const records = await listFiles()
  expect(records.map((record) => [record.title, record.category]).sort()).toEqual(
    BATCH.map(([name, category]) => [name.split('.')[0], category]).sort(),
  )
  for (const record of records) {
    expect(record).toMatchObject({
      description: 'Spring campaign',
      tags: ['spring', 'launch'],
      author: 'Dana',
    })
    const name = BATCH.find(([file]) => file.startsWith(`${record.title}.`))?.[0] ?? ''
    const original = await readFile(fixturePath(name))
    expect(record.file_size).toBe(original.byteLength)
    expect(sha256(await downloadStored(record.media_url)), `${name} stored byte for byte`).toBe(
      sha256(original),
    )
  }
  // The screen rendered a first-page thumbnail for the PDF and a frame for the video at upload time.
  const thumbnailOf = (title: string) => records.find((record) => record.title === title)?.thumbnail
  expect(thumbnailOf('report')).toMatch(/^\/api\/files\/.+\.jpg$/)
  expect(thumbnailOf('clip')).toMatch(/^\/api\/files\/.+\.jpg$/)
  for (const title of ['clip', 'landscape', 'report']) {
    await expect
      .poll(() =>
        card(page, title)
          .locator('.thumbnail img')
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0)
  }
  await shot('upload-done')

  await page.reload()
  await expectTitles(page, titles)
  await expect(card(page, 'landscape').getByText('Spring campaign')).toBeVisible()
})

test('eleven files at once add none, with the spec alert', async ({ page, shot }) => {
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/upload')) uploads.push(request.url())
  })
  await openScreen(page)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  const input = dialog.getByLabel('Choose files to upload')
  const files = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => ({
      name: `${prefix}${String(index + 1)}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`file ${prefix}${String(index + 1)}\n`),
    }))

  await input.setInputFiles(files(11, 'eleven-'))
  await expect(dialog.getByRole('alert')).toHaveText('Maximum 10 files allowed per batch upload')
  await expect(dialog.getByRole('list', { name: 'Files to upload' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Start upload' })).toBeDisabled()
  await shot('upload-eleven-files')

  // Eight, then three more: the batch would hold eleven, so the three are refused and the eight stay.
  await input.setInputFiles(files(8, 'eight-'))
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(8)
  await input.setInputFiles(files(3, 'three-'))
  await expect(dialog.getByRole('alert')).toHaveText('Maximum 10 files allowed per batch upload')
  await expect(dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(8)

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(uploads).toEqual([])
  await expect(page.getByText('No files found')).toBeVisible()
})
