import { readFile } from 'node:fs/promises'

import { readZip } from '../support/zip-reader'
import { createFolder, fixturePath, listFiles, seedFiles, sha256 } from './support/library'
import { expect, test } from './support/fixtures'
import { card, choose, expectTitles, openScreen, select, toast } from './support/screen'

test.beforeEach(async ({ page }) => {
  await createFolder('Campaigns')
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset', tags: ['old'] },
    { fixture: 'report.pdf', title: 'Budget report', tags: ['keep'] },
    { fixture: 'tone.mp3', title: 'Jingle' },
  ])
  await openScreen(page)
  await expect(card(page, 'Jingle')).toBeVisible()
})

const panel = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Bulk operations' })

test('the selection bar selects every file shown, counts them and clears them; the panel follows', async ({
  page,
  shot,
}) => {
  await expect(page.getByText('0 selected')).toBeVisible()
  await expect(panel(page)).toHaveCount(0)
  await page.getByPlaceholder('Search files...').fill('b')
  await expectTitles(page, ['Beach sunset', 'Budget report'])
  await page.getByRole('button', { name: 'Select all' }).click()
  await expect(page.getByText('2 selected')).toBeVisible()
  await page.getByPlaceholder('Search files...').fill('')
  await expect(card(page, 'Jingle').getByRole('checkbox')).not.toBeChecked()
  await expect(card(page, 'Beach sunset').getByRole('checkbox')).toBeChecked()
  await expect(panel(page).getByRole('button')).toHaveText([
    'Move',
    'Update',
    'Delete',
    'Download',
    'Copy link',
    '',
  ])
  await shot('bulk-panel')
  await page.getByRole('button', { name: 'Clear selection', exact: true }).click()
  await expect(page.getByText('0 selected')).toBeVisible()
  await expect(panel(page)).toHaveCount(0)
})

test('bulk move asks for a target, then moves the files to it', async ({ page, shot }) => {
  await select(page, 'Beach sunset', 'Jingle')
  await panel(page).getByRole('button', { name: 'Move' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move files' })
  await expect(dialog).toContainText('Move 2 files to a folder.')
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please select a target folder')
  await choose(page, 'Target folder', 'Campaigns')
  await shot('bulk-move')
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expect(page.getByText('0 selected')).toBeVisible()
  await expect
    .poll(async () => (await listFiles()).map((record) => [record.title, record.folder_path]).sort())
    .toEqual([
      ['Beach sunset', '/Campaigns'],
      ['Budget report', '/'],
      ['Jingle', '/Campaigns'],
    ])
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Campaigns' }).click()
  await expectTitles(page, ['Beach sunset', 'Jingle'])
})

test('bulk update refuses an empty form, then applies the fields given to every selected file', async ({
  page,
  shot,
}) => {
  await select(page, 'Beach sunset', 'Budget report')
  await panel(page).getByRole('button', { name: 'Update' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update files' })
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please provide at least one field to update')
  await dialog.getByLabel('Author').fill('Dana')
  await dialog.getByLabel('Add tags').fill('launch, hero')
  await shot('bulk-update')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expect(card(page, 'Beach sunset').getByText('By: Dana')).toBeVisible()
  await expect(card(page, 'Jingle').getByText('By: Unknown')).toBeVisible()
  await expect
    .poll(async () => (await listFiles()).map((record) => [record.title, record.author, record.tags]).sort())
    .toEqual([
      ['Beach sunset', 'Dana', ['old', 'launch', 'hero']],
      ['Budget report', 'Dana', ['keep', 'launch', 'hero']],
      ['Jingle', 'Unknown', []],
    ])
})

test('bulk delete asks with the count, then deletes the files', async ({ page, shot }) => {
  await select(page, 'Beach sunset', 'Jingle')
  await panel(page).getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete files' })
  await expect(confirm).toContainText('Are you sure you want to delete 2 files?')
  await shot('bulk-delete-confirm')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expectTitles(page, ['Budget report'])
  await expect.poll(async () => (await listFiles()).map((record) => record.title)).toEqual(['Budget report'])
})

test('bulk download saves the selected files as one ZIP, byte for byte', async ({ page }) => {
  await select(page, 'Beach sunset', 'Budget report')
  const download = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Download' }).click()
  const saved = await download
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  const entries = readZip(await readFile(await saved.path()))
  expect(entries.map((entry) => [entry.name, sha256(entry.bytes)])).toEqual([
    ['Beach sunset.jpg', sha256(await readFile(fixturePath('landscape.jpg')))],
    ['Budget report.pdf', sha256(await readFile(fixturePath('report.pdf')))],
  ])
})

test('a bulk dialog closed with Escape gives the focus back to its button', async ({ page }) => {
  await select(page, 'Beach sunset', 'Jingle')
  for (const name of ['Move', 'Update', 'Delete']) {
    const button = panel(page).getByRole('button', { name, exact: true })
    await button.focus()
    // Delete asks in an alert dialog.
    const dialog = page.getByRole(name === 'Delete' ? 'alertdialog' : 'dialog')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(button).toBeFocused()
  }
})

test('New Folder closed with Escape gives the focus back to its button', async ({ page }) => {
  const button = page.getByRole('button', { name: 'New Folder' })
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Folder name' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(button).toBeFocused()
})
