import type { Page } from '@playwright/test'

import { scan } from './support/axe'
import { listFiles, listTrash, seedFiles, trashFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { baseUrl } from './support/server'
import { card, contextMenu, expectTitles, openScreen, select, toast } from './support/screen'

test.beforeEach(async ({ page }) => {
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset' },
    { fixture: 'report.pdf', title: 'Budget report' },
    { fixture: 'portrait.png', title: 'Portrait' },
  ])
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

/** The button of the toast whose title is `title`. */
function toastButton(page: Page, title: string, name: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).getByRole('button', { name })
}

async function deleteFromMenu(page: Page, title: string) {
  await (await contextMenu(page, title)).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
}

test('a delete is undone from its toast; the Trash view restores a file and deletes another forever', async ({
  page,
  shot,
}, testInfo) => {
  await deleteFromMenu(page, 'Beach sunset')
  await expectTitles(page, ['Budget report', 'Portrait'])
  await expect(toast(page, '"Beach sunset" deleted')).toBeVisible()
  await shot('delete-undo-toast')
  await toastButton(page, '"Beach sunset" deleted', 'Undo').click()
  await expect(toast(page, '"Beach sunset" restored')).toBeVisible()
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Portrait'])
  await expect.poll(async () => (await listTrash()).length).toBe(0)
  // The same words come again from the Trash view below: this toast must have gone by then. The mouse
  // leaves the toasts, which hold still while it is over them.
  await page.mouse.move(0, 0)
  await expect(toast(page, '"Beach sunset" restored')).toBeHidden({ timeout: 15_000 })

  await select(page, 'Beach sunset', 'Budget report')
  await page.getByRole('region', { name: 'Bulk operations' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, '2 files processed successfully')).toBeVisible()
  await expectTitles(page, ['Portrait'])

  await page.getByRole('button', { name: 'Trash', exact: true }).click()
  await expect(page).toHaveURL(/\?trash=1$/)
  const table = page.getByRole('table', { name: 'Files in the trash' })
  await expect(table.getByRole('rowheader')).toHaveText(['Budget report', 'Beach sunset'])
  await expect(page.getByRole('button', { name: 'Trash', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await shot('trash')
  await scan(page, testInfo, 'trash-view')

  await page.getByRole('button', { name: 'Restore Beach sunset' }).click()
  await expect(toast(page, '"Beach sunset" restored')).toBeVisible()
  await expect(table.getByRole('rowheader')).toHaveText(['Budget report'])

  const [budget] = (await listTrash()).filter((record) => record.title === 'Budget report')
  if (!budget) throw new Error('Budget report is not in the trash')
  expect((await fetch(new URL(budget.media_url, baseUrl()), { method: 'HEAD' })).status).toBe(200)
  await page.getByRole('button', { name: 'Delete forever Budget report' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete forever' })
  await expect(confirm).toContainText('Delete "Budget report" forever? This cannot be undone.')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await scan(page, testInfo, 'trash-delete-forever')
  await confirm.getByRole('button', { name: 'Delete forever' }).click()
  await expect(toast(page, '"Budget report" deleted forever')).toBeVisible()
  await expect(page.getByText('Trash is empty')).toBeVisible()
  await expect.poll(async () => (await listTrash()).length).toBe(0)
  await expect
    .poll(async () => (await fetch(new URL(budget.media_url, baseUrl()), { method: 'HEAD' })).status)
    .toBe(404)

  await page.getByRole('treeitem', { name: 'All files' }).click()
  await expect(page).not.toHaveURL(/trash/)
  await expectTitles(page, ['Beach sunset', 'Portrait'])
  expect((await listFiles()).map((record) => record.title).sort()).toEqual(['Beach sunset', 'Portrait'])
})

test('the Trash view shows where each file was and its days left, and restores the checked files at once', async ({
  page,
  shot,
}, testInfo) => {
  await select(page, 'Beach sunset', 'Budget report', 'Portrait')
  await page.getByRole('region', { name: 'Bulk operations' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, '3 files processed successfully')).toBeVisible()

  await page.getByRole('button', { name: 'Trash', exact: true }).click()
  const table = page.getByRole('table', { name: 'Files in the trash' })
  await expect(table.getByRole('rowheader')).toHaveCount(3)
  const portrait = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Portrait' }) })
  await expect(portrait.getByRole('cell', { name: 'Uncategorized' })).toBeVisible()
  // TRASH_PURGE_DAYS is 30 here: a file deleted a moment ago has 29 whole days left.
  await expect(portrait.getByRole('cell', { name: '29 days left' })).toBeVisible()

  // By keyboard: Tab to the first box, Space checks it; the second by mouse.
  await table.getByRole('checkbox', { name: 'Select Beach sunset' }).focus()
  await page.keyboard.press('Space')
  await table.getByRole('checkbox', { name: 'Select Portrait' }).click()
  await expect(table.getByRole('checkbox', { name: 'Select all files in the trash' })).toHaveAttribute(
    'aria-checked',
    'mixed',
  )
  await expect(page.getByText('2 files checked')).toBeVisible()
  await shot('trash-checked')
  await scan(page, testInfo, 'trash-checked')
  await page.getByRole('button', { name: 'Restore selected' }).click()
  await expect(toast(page, '2 files restored')).toBeVisible()
  await expect(table.getByRole('rowheader')).toHaveText(['Budget report'])
  await expect.poll(async () => (await listTrash()).map((record) => record.title)).toEqual(['Budget report'])

  await page.getByRole('treeitem', { name: 'All files' }).click()
  await expectTitles(page, ['Beach sunset', 'Portrait'])
})

test('a link to a file deleted elsewhere since the library was kept opens its Details in the Trash, whose Restore opens it in the library', async ({
  page,
}, testInfo) => {
  const budget = (await listFiles()).find((record) => record.title === 'Budget report')
  if (!budget) throw new Error('Budget report is not in the library')
  // Deleted elsewhere after this browser kept the library, whose rows still hold it as it was.
  await trashFiles([budget.id])
  await page.goto(`/?file=${String(budget.id)}`)
  const details = page.getByRole('dialog', { name: 'Budget report' })
  await expect(details.getByText(/^In the trash since .+: 29 days left\./)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`\\?file=${String(budget.id)}&trash=1$`))
  await scan(page, testInfo, 'trash-details')

  await details.getByRole('button', { name: 'Restore' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Budget report' }).getByRole('button', { name: /^Edit/ }),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`\\?file=${String(budget.id)}$`))
  await page.keyboard.press('Escape')
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Portrait'])
  await expect.poll(async () => (await listTrash()).length).toBe(0)
})
