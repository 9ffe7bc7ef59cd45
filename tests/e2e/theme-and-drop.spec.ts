import type { JSHandle, Page } from '@playwright/test'

import { scan } from './support/axe'

import { createFolder, listFiles, seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, contextMenu, openDetails, openScreen, toast } from './support/screen'

const PHOTOS_2024 = '/?folder=%2FPhotos%2F2024'
const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)
const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

test.describe('the theme', () => {
  test('the switch changes the theme, which survives a reload; System follows the system', async ({
    page,
    shot,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openScreen(page)
    const theme = page.getByRole('group', { name: 'Theme' })
    await expect(theme.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true')
    expect(await themeOf(page)).toBe('light')
    const light = await pageBackground(page)

    await theme.getByRole('button', { name: 'Dark' }).click()
    await expect.poll(() => themeOf(page)).toBe('dark')
    expect(await pageBackground(page)).not.toBe(light)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark')
    await shot('theme-dark')

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Media File Manager' })).toBeVisible()
    expect(await themeOf(page)).toBe('dark')
    await expect(theme.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')

    // Light holds whatever the system says.
    await theme.getByRole('button', { name: 'Light' }).click()
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => themeOf(page)).toBe('light')

    // System follows it, as it changes.
    await theme.getByRole('button', { name: 'System' }).click()
    await expect.poll(() => themeOf(page)).toBe('dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => themeOf(page)).toBe('light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Media File Manager' })).toBeVisible()
    expect(await themeOf(page)).toBe('dark')
  })

  test('the theme chosen is on the page before its first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.addInitScript(() => {
      window.localStorage.setItem('media-file-manager:theme', 'dark')
      // The theme the page had at its first paint, taken on the first frame.
      requestAnimationFrame(() => {
        ;(window as unknown as { firstFrameTheme?: string }).firstFrameTheme =
          document.documentElement.dataset.theme ?? 'none'
      })
    })
    await openScreen(page)
    expect(
      await page.evaluate(() => (window as unknown as { firstFrameTheme?: string }).firstFrameTheme),
    ).toBe('dark')
  })

  test('the dark theme passes the accessibility scan: screen, menus, dialogs and Trash', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000)
    await seedFiles([
      { fixture: 'landscape.jpg', title: 'Beach sunset', author: 'Dana', tags: ['summer'] },
      { fixture: 'archive.zip', title: 'Press bundle' },
    ])
    await page.emulateMedia({ colorScheme: 'dark' })
    await openScreen(page)
    await expect(card(page, 'Beach sunset')).toBeVisible()
    expect(await themeOf(page)).toBe('dark')
    await scan(page, testInfo, 'dark-grid')
    await page.getByRole('button', { name: 'List' }).click()
    await expect(page.getByRole('table')).toBeVisible()
    await scan(page, testInfo, 'dark-list')
    await page.getByRole('button', { name: 'Grid' }).click()

    await page.getByRole('combobox', { name: /category/i }).click()
    await expect(page.getByRole('listbox')).toBeVisible()
    await scan(page, testInfo, 'dark-select', { skip: ['aria-hidden-focus'] })
    await page.keyboard.press('Escape')

    const menu = await contextMenu(page, 'Beach sunset')
    await menu.getByRole('menuitem').first().hover()
    await scan(page, testInfo, 'dark-menu', { skip: ['aria-hidden-focus'] })
    await page.keyboard.press('Escape')

    await openDetails(page, 'Beach sunset')
    await scan(page, testInfo, 'dark-details')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const upload = page.getByRole('dialog', { name: 'Upload Files' })
    await upload
      .getByLabel('Choose files to upload')
      .setInputFiles([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('note\n') }])
    await expect(upload.getByRole('listitem', { name: 'note.txt' })).toBeVisible()
    await scan(page, testInfo, 'dark-upload')
    await page.keyboard.press('Escape')

    await (await contextMenu(page, 'Press bundle')).getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, 'deleted')).toBeVisible()
    // The pointer on a toast holds it, as for a person reading it: a scan slower than its 6 s on a busy
    // machine must not watch it fade out.
    await toast(page, 'deleted').hover()
    await scan(page, testInfo, 'dark-toast')
    await page.getByRole('button', { name: /^Trash/ }).click()
    await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible()
    await scan(page, testInfo, 'dark-trash')
  })
})

/** A DataTransfer in the page holding one small PNG, as a file manager or a screenshot tool gives it. */
function pngTransfer(page: Page, name: string): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((fileName) => {
    // The smallest PNG: one transparent pixel.
    const bytes = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
      ),
      (char) => char.charCodeAt(0),
    )
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], fileName, { type: 'image/png' }))
    return transfer
  }, name)
}

test.describe('files dropped or pasted on the page', () => {
  test.beforeEach(async () => {
    await createFolder('Photos')
    await createFolder('2024', '/Photos')
  })

  test('a drop anywhere names the folder while dragging, opens the Upload dialog with the file, and uploads there', async ({
    page,
    shot,
  }) => {
    await openScreen(page, PHOTOS_2024)
    const url = page.url()
    const transfer = await pngTransfer(page, 'dropped.png')
    const target = page.locator('.app__main')
    await target.dispatchEvent('dragenter', { dataTransfer: transfer })
    await target.dispatchEvent('dragover', { dataTransfer: transfer })
    const overlay = page.getByText('Drop files to upload to Photos / 2024')
    await expect(overlay).toBeVisible()
    await shot('page-drop-overlay')
    await target.dispatchEvent('drop', { dataTransfer: transfer })
    await expect(overlay).toBeHidden()

    const dialog = page.getByRole('dialog', { name: 'Upload Files' })
    await expect(dialog.getByRole('listitem', { name: 'dropped.png' })).toBeVisible()
    expect(page.url()).toBe(url)
    await dialog.getByRole('button', { name: 'Start upload' }).click()
    await expect(toast(page, 'All 1 files uploaded successfully!')).toBeVisible()
    // The success is said once the list has the new file: the folder never reads as empty meanwhile.
    expect(await card(page, 'dropped').count()).toBe(1)
    await expect(page.getByText('No files found')).toHaveCount(0)
    const stored = (await listFiles()).find((record) => record.title === 'dropped')
    expect(stored?.folder_path).toBe('/Photos/2024')
    expect(page.url()).toBe(url)
  })

  test('a drag of files says where they go at the top level and in the Trash; a drag of a card shows nothing', async ({
    page,
  }) => {
    await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
    await openScreen(page)
    const transfer = await pngTransfer(page, 'dropped.png')
    const body = page.locator('body')
    await body.dispatchEvent('dragenter', { dataTransfer: transfer })
    await expect(page.getByText('Drop files to upload to All files')).toBeVisible()
    await body.dispatchEvent('dragleave', { dataTransfer: transfer })
    await expect(page.getByText('Drop files to upload to All files')).toBeHidden()

    // A card dragged to a folder is a move, not an upload: no overlay.
    await card(page, 'Beach sunset').dragTo(page.getByRole('treeitem', { name: /Photos/ }))
    await expect(page.locator('.page-drop')).toHaveCount(0)

    await page.getByRole('button', { name: /^Trash/ }).click()
    await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible()
    await body.dispatchEvent('dragenter', { dataTransfer: transfer })
    await expect(page.getByText('Drop files to upload to All files')).toBeVisible()
    await expect(page.getByText('Files cannot go into the Trash; they go to All files.')).toBeVisible()
  })

  test('a pasted file opens the Upload dialog with it; pasted text stays in the search box', async ({
    page,
  }) => {
    await openScreen(page, PHOTOS_2024)
    const url = page.url()
    const search = page.getByRole('searchbox', { name: 'Search files' })
    await search.evaluate((box) => {
      const transfer = new DataTransfer()
      transfer.setData('text/plain', 'sunset')
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }))
    })
    await expect(page.getByRole('dialog', { name: 'Upload Files' })).toHaveCount(0)

    const transfer = await pngTransfer(page, 'screenshot.png')
    await page.evaluate((data) => {
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
    }, transfer)
    const dialog = page.getByRole('dialog', { name: 'Upload Files' })
    await expect(dialog.getByRole('listitem', { name: 'screenshot.png' })).toBeVisible()
    expect(page.url()).toBe(url)
  })
})
