import { listFiles, seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, contextMenu, expectTitles, openDetails, openScreen, toast } from './support/screen'

test.beforeEach(async ({ page }) => {
  await seedFiles([
    {
      fixture: 'landscape.jpg',
      title: 'Beach sunset',
      description: 'Old description',
      author: 'Dana',
      tags: ['a', 'b'],
    },
    { fixture: 'report.pdf', title: 'Budget report' },
  ])
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

test('Edit File shows the current values, saves them, updates the card and the server', async ({
  page,
  shot,
}) => {
  await card(page, 'Beach sunset')
    .getByRole('button', { name: /^Edit / })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Edit File' })
  await expect(dialog.getByLabel('Title')).toBeFocused()
  await expect(dialog.getByLabel('Title')).toHaveValue('Beach sunset')
  await expect(dialog.getByLabel('Description')).toHaveValue('Old description')
  await expect(dialog.getByLabel('Tags (comma-separated)')).toHaveValue('a, b')
  await expect(dialog.getByLabel('Author')).toHaveValue('Dana')
  await expect(dialog.getByLabel('Category')).toHaveValue('Images')
  await shot('edit-file')

  await dialog.getByLabel('Title').fill('Sunset over the bay')
  await dialog.getByLabel('Description').fill('Golden hour')
  await dialog.getByLabel('Tags (comma-separated)').fill(' launch ,, hero ')
  await dialog.getByLabel('Station').fill('KXYZ')
  await dialog.getByLabel('Notes').fill('Shot on film')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'File updated successfully!')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await shot('edit-saved')

  const updated = card(page, 'Sunset over the bay')
  await expect(updated.getByText('Golden hour')).toBeVisible()
  await expect(updated.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'launch',
    'hero',
  ])
  await expect(card(page, 'Beach sunset')).toHaveCount(0)
  const [stored] = (await listFiles()).filter((record) => record.title === 'Sunset over the bay')
  expect(stored).toMatchObject({
    description: 'Golden hour',
    tags: ['launch', 'hero'],
    station: 'KXYZ',
    notes: 'Shot on film',
    author: 'Dana',
  })
})

test('an image without alt text says so on its card and in Details, whose Add alt text opens Edit on it', async ({
  page,
}) => {
  const image = card(page, 'Beach sunset')
  await expect(image.getByText('No alt text')).toBeVisible()
  await expect(card(page, 'Budget report').getByText('No alt text')).toHaveCount(0)
  const details = await openDetails(page, 'Beach sunset')
  await expect(details.getByText('No alt text')).toBeVisible()
  await details.getByRole('button', { name: 'Add alt text' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit File' })
  await expect(dialog.getByLabel('Alt text')).toBeFocused()
  await page.keyboard.type('The sun low over a calm bay')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'File updated successfully!')).toBeVisible()
  await expect(image.getByText('No alt text')).toHaveCount(0)
  const shown = await openDetails(page, 'Beach sunset')
  await expect(shown.getByText('The sun low over a calm bay')).toBeVisible()
  expect((await listFiles()).find((record) => record.title === 'Beach sunset')?.alt_text).toBe(
    'The sun low over a calm bay',
  )
})

test('Edit from the right-click menu saves too', async ({ page }) => {
  await (await contextMenu(page, 'Budget report')).getByRole('menuitem', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit File' })
  await dialog.getByLabel('Author').fill('Priya Patel')
  await dialog.getByLabel('Author').press('Enter')
  await expect(toast(page, 'File updated successfully!')).toBeVisible()
  await expect(card(page, 'Budget report').getByText('By: Priya Patel')).toBeVisible()
  expect((await listFiles()).find((record) => record.title === 'Budget report')?.author).toBe('Priya Patel')
})

test('a failed save keeps the dialog open with the error and the card unchanged', async ({ page }) => {
  await page.route('**/api/update/*', (route) =>
    route.fulfill({ status: 500, json: { error: 'Storage is unavailable' } }),
  )
  await card(page, 'Budget report')
    .getByRole('button', { name: /^Edit / })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Edit File' })
  await dialog.getByLabel('Title').fill('Renamed')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Error updating file: Storage is unavailable')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(card(page, 'Budget report')).toBeVisible()
  await expect(card(page, 'Renamed')).toHaveCount(0)
})

test('Delete asks with the title; Cancel keeps the file, Delete removes it from the list and the server', async ({
  page,
  shot,
}) => {
  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete file' })
  await expect(confirm).toContainText('Are you sure you want to delete "Beach sunset"?')
  // Cancel holds the focus, so Enter never deletes by accident.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await shot('delete-confirm')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(card(page, 'Beach sunset')).toBeVisible()

  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectTitles(page, ['Budget report'])
  await expect(toast(page, '"Beach sunset" deleted')).toBeVisible()
  await expect.poll(async () => (await listFiles()).map((record) => record.title)).toEqual(['Budget report'])
})

test('a failed delete puts the file back and says Failed to delete file', async ({ page }) => {
  await page.route('**/api/delete/*', (route) =>
    route.fulfill({ status: 503, json: { error: 'Storage is unavailable' } }),
  )
  await (await contextMenu(page, 'Beach sunset')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Failed to delete file')).toBeVisible()
  await expect(card(page, 'Beach sunset')).toBeVisible()
  expect((await listFiles()).map((record) => record.title).sort()).toEqual(['Beach sunset', 'Budget report'])
})

test('Delete from the keyboard leaves the focus on the next file, and Ctrl+Z undoes it', async ({
  page,
  shot,
}) => {
  const beach = card(page, 'Beach sunset')
  await beach.focus()
  await page.keyboard.press('Delete')
  const confirm = page.getByRole('alertdialog', { name: 'Delete file' })
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expectTitles(page, ['Budget report'])
  await expect(card(page, 'Budget report')).toBeFocused()
  const deleted = toast(page, '"Beach sunset" deleted')
  await expect(deleted).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+Z Meta+Z',
  )
  await shot('delete-undo-key')

  await page.keyboard.press('ControlOrMeta+z')
  await expect(toast(page, '"Beach sunset" restored')).toBeVisible()
  await expect
    .poll(async () => (await listFiles()).map((record) => record.title).sort())
    .toEqual(['Beach sunset', 'Budget report'])
  await expect(card(page, 'Beach sunset')).toBeVisible()
})
