/** How the tests find their way around the screen: by roles and names, as a user of a screen reader would. */
import { expect, type Locator, type Page } from '@playwright/test'

import { KEPT_DIRECTORY, KEPT_MANIFEST } from '../../../src/lib/storage-names'

/** A grid card by its title. */
export function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true })
}

/** A list row by the title in its Name cell. */
export function row(page: Page, title: string): Locator {
  return page.locator('tr[data-file-id]').filter({
    has: page.locator('.file-table__title', { hasText: new RegExp(`^${escape(title)}$`) }),
  })
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The titles of the cards or rows shown, in their order on the screen. */
export async function shownTitles(page: Page): Promise<string[]> {
  return page.locator('[data-file-id][data-pos]').evaluateAll((items) =>
    items
      .map((item) => ({
        position: Number(item.getAttribute('data-pos')),
        title: item.getAttribute('aria-label') ?? item.querySelector('.file-table__title')?.textContent ?? '',
      }))
      .sort((a, b) => a.position - b.position)
      .map((item) => item.title),
  )
}

/** Waits until the screen shows exactly these titles, in this order. */
export async function expectTitles(page: Page, titles: readonly string[]): Promise<void> {
  await expect.poll(() => shownTitles(page)).toEqual(titles)
}

/** Picks `option` in the select named `label` (a Radix listbox). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('listbox')).toBeHidden()
}

/** The option names of the select named `label` (opens it, reads it, closes it). */
export async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('combobox', { name: label }).click()
  // A select pressed before its code has loaded opens as the code arrives (decision 0046).
  await expect(page.getByRole('listbox')).toBeVisible()
  const options = await page.getByRole('option').allTextContents()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toBeHidden()
  return options
}

/** A toast by its title (sonner). */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast] [data-title]', { hasText: text })
}

/** Opens the page and waits for the file list (or its empty state) to be shown. */
export async function openScreen(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('status').filter({ hasText: 'Loading files...' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Media File Manager' })).toBeVisible()
}

/** Opens a file's Details dialog from its card's View button. */
export async function openDetails(page: Page, title: string): Promise<Locator> {
  await card(page, title)
    .getByRole('button', { name: /^View / })
    .click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Opens the right-click menu of a card. */
export async function contextMenu(page: Page, title: string): Promise<Locator> {
  await card(page, title).click({ button: 'right' })
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  return menu
}

/** Ticks the checkbox of each card. */
export async function select(page: Page, ...titles: string[]): Promise<void> {
  for (const title of titles) {
    await card(page, title)
      .getByRole('checkbox', { name: `Select ${title}` })
      .click()
  }
}

/** Closes the dialog on top with Escape and waits for it to go. */
export async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

/** Whether the worker's kept library holds a manifest in the origin's private file system (decision 0077). */
export function keptManifestIsThere(page: Page): Promise<boolean> {
  return page.evaluate(
    async ([directory, manifest]) => {
      try {
        const root = await navigator.storage.getDirectory()
        await (await root.getDirectoryHandle(directory)).getFileHandle(manifest)
        return true
      } catch {
        return false
      }
    },
    [KEPT_DIRECTORY, KEPT_MANIFEST] as const,
  )
}
