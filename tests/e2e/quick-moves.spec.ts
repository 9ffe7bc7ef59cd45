import type { Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { createFolder, listFiles, seedFiles } from './support/library'
import { card, choose, contextMenu, openDetails, openScreen, row, select, toast } from './support/screen'

/** The everyday moves: copy link, rename in place, undo of a move, the kept selection, the keys. */

const panel = (page: Page) => page.getByRole('region', { name: 'Bulk operations' })
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const stored = async () =>
  Object.fromEntries((await listFiles()).map((record) => [record.title, record.folder_path]))

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('Copy link copies the absolute address from the menu, the bulk panel and Details', async ({
  page,
  shot,
}) => {
  const [beach, report] = await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset' },
    { fixture: 'report.pdf', title: 'Budget report' },
  ])
  await openScreen(page)
  const origin = new URL(page.url()).origin
  const link = (mediaUrl: string | undefined) => new URL(mediaUrl ?? '', origin).href

  const menu = await contextMenu(page, 'Beach sunset')
  await menu.getByRole('menuitem', { name: 'Copy link' }).click()
  await expect(toast(page, 'Link copied')).toBeVisible()
  expect(await clipboard(page)).toBe(link(beach?.media_url))
  await shot('copy-link-toast')

  await select(page, 'Beach sunset', 'Budget report')
  await panel(page).getByRole('button', { name: 'Copy link' }).click()
  await expect(toast(page, '2 links copied')).toBeVisible()
  expect((await clipboard(page)).split('\n')).toEqual([link(beach?.media_url), link(report?.media_url)])

  await page.evaluate(() => navigator.clipboard.writeText(''))
  const details = await openDetails(page, 'Budget report')
  await details.getByRole('button', { name: 'Copy link' }).click()
  await expect.poll(() => clipboard(page)).toBe(link(report?.media_url))
})

test('F2 and a double-click on a title rename in place; Escape cancels and a blank title is refused', async ({
  page,
  shot,
}) => {
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset' },
    { fixture: 'tone.mp3', title: 'Jingle' },
  ])
  await openScreen(page)
  await card(page, 'Jingle').focus()
  await page.keyboard.press('F2')
  const input = page.getByRole('textbox', { name: 'Title of Jingle' })
  await expect(input).toBeFocused()
  await expect(card(page, 'Beach sunset')).toHaveCount(1)
  await input.fill('')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a title.' })).toBeVisible()
  await shot('rename-refused')
  await input.fill('Jingle (radio)')
  await page.keyboard.press('Enter')
  await expect(card(page, 'Jingle (radio)')).toBeFocused()
  await expect
    .poll(async () => Object.keys(await stored()).sort())
    .toEqual(['Beach sunset', 'Jingle (radio)'])

  await card(page, 'Beach sunset').locator('.card__title').dblclick()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Title of Beach sunset' }).fill('Not saved')
  await page.keyboard.press('Escape')
  await expect(card(page, 'Beach sunset')).toBeVisible()

  await openScreen(page, '/?view=list')
  await row(page, 'Beach sunset').locator('.file-table__title').dblclick()
  await page.getByRole('textbox', { name: 'Title of Beach sunset' }).fill('Beach at dusk')
  // Leaving the field saves it.
  await page.getByPlaceholder('Search files...').click()
  await expect(row(page, 'Beach at dusk')).toBeVisible()
  await expect
    .poll(async () => Object.keys(await stored()).sort())
    .toEqual(['Beach at dusk', 'Jingle (radio)'])
})

test('Rename and Move to… on the right-click menu work on that one file', async ({ page }) => {
  await createFolder('Archive')
  await seedFiles([{ fixture: 'tone.mp3', title: 'Jingle' }])
  await openScreen(page)
  await (await contextMenu(page, 'Jingle')).getByRole('menuitem', { name: 'Rename' }).click()
  const input = page.getByRole('textbox', { name: 'Title of Jingle' })
  await expect(input).toBeFocused()
  await input.fill('Jingle (radio)')
  await page.keyboard.press('Enter')
  await expect(card(page, 'Jingle (radio)')).toBeFocused()

  await (await contextMenu(page, 'Jingle (radio)')).getByRole('menuitem', { name: 'Move to…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move files' })
  await expect(dialog).toContainText('Move 1 file to a folder.')
  await choose(page, 'Target folder', 'Archive')
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(toast(page, '1 file processed successfully')).toBeVisible()
  await expect
    .poll(async () => (await listFiles()).map((record) => [record.title, record.folder_path]))
    .toEqual([['Jingle (radio)', '/Archive']])
})

test('Undo after a drag into a folder puts each file back in the folder it came from', async ({ page }) => {
  await createFolder('Photos')
  await createFolder('Audio')
  await createFolder('Archive')
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset', folder_path: '/Photos' },
    { fixture: 'tone.mp3', title: 'Jingle', folder_path: '/Audio' },
  ])
  await openScreen(page)
  await select(page, 'Beach sunset', 'Jingle')
  await card(page, 'Jingle').dragTo(page.getByRole('treeitem', { name: /Archive/ }))
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expect.poll(stored).toEqual({ 'Beach sunset': '/Archive', Jingle: '/Archive' })
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(toast(page, '2 files moved back')).toBeVisible()
  await expect.poll(stored).toEqual({ 'Beach sunset': '/Photos', Jingle: '/Audio' })
})

test('a bulk update keeps the selection; a bulk move clears it', async ({ page }) => {
  await createFolder('Archive')
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset' },
    { fixture: 'tone.mp3', title: 'Jingle' },
  ])
  await openScreen(page)
  await select(page, 'Beach sunset', 'Jingle')
  await panel(page).getByRole('button', { name: 'Update' }).click()
  const update = page.getByRole('dialog', { name: 'Update files' })
  await update.getByLabel('Author').fill('Dana')
  await update.getByRole('button', { name: 'Update' }).click()
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expect(page.getByText('2 selected')).toBeVisible()
  await panel(page).getByRole('button', { name: 'Move' }).click()
  await choose(page, 'Target folder', 'Archive')
  await page.getByRole('dialog', { name: 'Move files' }).getByRole('button', { name: 'Move' }).click()
  await expect(page.getByText('0 selected')).toBeVisible()
})

test("'/' goes to the search box and '?' lists every shortcut", async ({ page, shot }) => {
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
  await openScreen(page)
  await card(page, 'Beach sunset').focus()
  await page.keyboard.press('/')
  await expect(page.getByPlaceholder('Search files...')).toBeFocused()
  await expect(page.getByPlaceholder('Search files...')).toHaveValue('')
  await card(page, 'Beach sunset').focus()
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  for (const key of ['/', '?', 'F2', 'Delete', 'Ctrl+A', 'Esc', 'Enter', 'Space']) {
    await expect(dialog.locator('kbd', { hasText: key }).first()).toBeVisible()
  }
  await shot('keyboard-shortcuts')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})
