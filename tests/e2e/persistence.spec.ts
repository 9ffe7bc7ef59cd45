import { seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import {
  card,
  choose,
  contextMenu,
  expectTitles,
  keptManifestIsThere,
  openScreen,
  select,
  toast,
} from './support/screen'

test('what is changed on the screen is still there after a reload', async ({ page, shot }) => {
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset' },
    { fixture: 'report.pdf', title: 'Budget report' },
    { fixture: 'tone.mp3', title: 'Jingle' },
  ])
  await openScreen(page)
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Jingle'])

  // A new folder, an edit, a move into the folder and a delete, each through the screen.
  await page.getByRole('button', { name: 'New Folder' }).click()
  await page.getByRole('dialog', { name: 'New Folder' }).getByLabel('Folder name').fill('Press')
  await page
    .getByRole('dialog', { name: 'New Folder' })
    .getByRole('button', { name: 'Create Folder' })
    .click()
  await expect(toast(page, 'Folder "Press" created')).toBeVisible()

  await card(page, 'Beach sunset')
    .getByRole('button', { name: /^Edit / })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit File' })
  await edit.getByLabel('Title').fill('Sunset over the bay')
  await edit.getByLabel('Tags (comma-separated)').fill('coast, evening')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'File updated successfully!')).toBeVisible()

  await select(page, 'Budget report')
  await page.getByRole('region', { name: 'Bulk operations' }).getByRole('button', { name: 'Move' }).click()
  await choose(page, 'Target folder', 'Press')
  await page.getByRole('dialog', { name: 'Move files' }).getByRole('button', { name: 'Move' }).click()
  await expect(toast(page, '1 file processed successfully')).toBeVisible()

  await (await contextMenu(page, 'Jingle')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectTitles(page, ['Budget report', 'Sunset over the bay'])

  await page.reload()
  await expectTitles(page, ['Budget report', 'Sunset over the bay'])
  await expect(
    card(page, 'Sunset over the bay').getByRole('list', { name: 'Tags' }).getByRole('listitem'),
  ).toHaveText(['coast', 'evening'])
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Press' }).click()
  await expectTitles(page, ['Budget report'])
  await shot('after-reload')
})

test('a reload shows the files kept from the last visit before the server answers, then what changed', async ({
  page,
}) => {
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
  // The kept library is written once the listing is whole (decision 0077).
  await expect.poll(() => keptManifestIsThere(page)).toBe(true)
  await seedFiles([{ fixture: 'report.pdf', title: 'Budget report' }])

  const { promise: held, resolve: release } = Promise.withResolvers<undefined>()
  await page.route(
    (url) => url.pathname === '/api/media-pages',
    async (route) => {
      await held
      await route.continue()
    },
  )
  await page.reload()
  await expect(card(page, 'Beach sunset')).toBeVisible()
  await expect(page.getByText('Loading files...')).toHaveCount(0)
  await expect(card(page, 'Budget report')).toHaveCount(0)
  release(undefined)
  await expect(card(page, 'Budget report')).toBeVisible()
  await expectTitles(page, ['Beach sunset', 'Budget report'])
})
