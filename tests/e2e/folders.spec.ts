import { createFolder, listFiles, listFolders, seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, choose, expectTitles, openScreen, optionsOf, shownTitles, toast } from './support/screen'

test('New Folder needs a name, creates the folder at the top level and shows it', async ({ page, shot }) => {
  await openScreen(page)
  await page.getByRole('button', { name: 'New Folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Folder' })
  await expect(dialog).toContainText('Created in the top level')
  const name = dialog.getByLabel('Folder name')
  const create = dialog.getByRole('button', { name: 'Create Folder' })
  await expect(name).toBeFocused()
  await expect(create).toBeDisabled()
  await name.fill('   ')
  await expect(create).toBeDisabled()
  await expect(dialog.getByRole('alert')).toHaveText('Folder name is required')
  await shot('new-folder-required')
  await name.fill('Campaigns')
  await expect(create).toBeEnabled()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await shot('new-folder')
  await create.click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(toast(page, 'Folder "Campaigns" created')).toBeVisible()
  const tree = page.getByRole('tree', { name: 'Folders' })
  await expect(tree.getByRole('treeitem', { name: 'Campaigns' })).toHaveAttribute('aria-level', '1')
  expect(await optionsOf(page, 'Folder')).toEqual(['Uncategorized', 'Campaigns'])
  expect((await listFolders()).map((folder) => folder.path)).toEqual(['/Campaigns'])
})

test('a folder is created under the selected folder; a duplicate name is refused inline', async ({
  page,
}) => {
  await createFolder('Campaigns')
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset', folder_path: '/Campaigns' }])
  await openScreen(page)
  await choose(page, 'Folder', 'Campaigns')
  await expectTitles(page, ['Beach sunset'])
  await page.getByRole('button', { name: 'New Folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Folder' })
  await expect(dialog).toContainText('Created in /Campaigns')
  await dialog.getByLabel('Folder name').fill('2026')
  await dialog.getByLabel('Folder name').press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const tree = page.getByRole('tree', { name: 'Folders' })
  await expect(tree.getByRole('treeitem', { name: '2026' })).toHaveAttribute('aria-level', '2')
  expect(await optionsOf(page, 'Folder')).toEqual(['Uncategorized', 'Campaigns', '2026'])
  expect((await listFolders()).map((folder) => folder.path)).toEqual(['/Campaigns', '/Campaigns/2026'])

  await page.getByRole('button', { name: 'Show all folders' }).click()
  await page.getByRole('button', { name: 'New Folder' }).click()
  await dialog.getByLabel('Folder name').fill('campaigns')
  await dialog.getByRole('button', { name: 'Create Folder' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('A folder named "Campaigns" already exists in /')
  await expect(dialog).toBeVisible()
})

test('a folder renamed from its menu keeps its files and subfolders, and the view follows it', async ({
  page,
}) => {
  await createFolder('Campaigns')
  await createFolder('2026', '/Campaigns')
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset', folder_path: '/Campaigns' }])
  await openScreen(page, '/?folder=%2FCampaigns')
  await expectTitles(page, ['Beach sunset'])
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Campaigns' }).hover()
  await tree.getByRole('button', { name: 'More actions for Campaigns' }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename folder' })
  await expect(dialog.getByLabel('Folder name')).toHaveValue('Campaigns')
  await dialog.getByLabel('Folder name').fill('Ads')
  await dialog.getByLabel('Folder name').press('Enter')
  await expect(toast(page, 'Folder "Campaigns" renamed to "Ads"')).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'Ads' })).toBeVisible()
  await expect(page).toHaveURL(/\?folder=%2FAds$/)
  await expectTitles(page, ['Beach sunset'])
  expect((await listFolders()).map((folder) => folder.path)).toEqual(['/Ads', '/Ads/2026'])
  expect((await listFiles()).map((record) => record.folder_path)).toEqual(['/Ads'])
})

test('Move to… puts a folder under another; a folder dragged onto its own subfolder is refused', async ({
  page,
}) => {
  await createFolder('Campaigns')
  await createFolder('2026', '/Campaigns')
  await createFolder('Press')
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset', folder_path: '/Campaigns/2026' }])
  await openScreen(page)
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('button', { name: 'Expand Campaigns' }).click()
  await tree.getByRole('treeitem', { name: 'Campaigns' }).dragTo(tree.getByRole('treeitem', { name: '2026' }))
  await expect(toast(page, 'A folder cannot be moved into itself or one of its subfolders')).toBeVisible()

  await tree.getByRole('treeitem', { name: 'Campaigns' }).click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Move to…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move folder "Campaigns"' })
  await dialog.getByRole('combobox', { name: 'Folder' }).click()
  await expect(page.getByRole('option')).toHaveText(['Uncategorized', 'Press'])
  await page.getByRole('option', { name: 'Press' }).click()
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(toast(page, 'Folder "Campaigns" moved to Press')).toBeVisible()
  await tree.getByRole('button', { name: 'Expand Press' }).click()
  await expect(tree.getByRole('treeitem', { name: 'Campaigns' })).toHaveAttribute('aria-level', '2')
  await expect
    .poll(async () => (await listFolders()).map((folder) => folder.path))
    .toEqual(['/Press', '/Press/Campaigns', '/Press/Campaigns/2026'])
  expect((await listFiles()).map((record) => record.folder_path)).toEqual(['/Press/Campaigns/2026'])
})

test('Delete says what happens to the files, and the view goes where they went', async ({ page, shot }) => {
  await createFolder('Photos')
  await createFolder('Raw', '/Photos')
  await createFolder('Day 1', '/Photos/Raw')
  await createFolder('Day 2', '/Photos/Raw')
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Raw 1', folder_path: '/Photos/Raw' },
    { fixture: 'landscape.jpg', title: 'Day 1 shot', folder_path: '/Photos/Raw/Day 1' },
  ])
  await openScreen(page, '/?folder=%2FPhotos%2FRaw')
  await expectTitles(page, ['Raw 1'])
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('button', { name: 'More actions for Raw' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete folder "Raw"' })
  await expect(confirm).toContainText(
    'The folder and its 2 subfolders are removed. Its 2 files move to Photos.',
  )
  await shot('delete-folder')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Folder "Raw" deleted')).toBeVisible()
  await expect(page).toHaveURL(/\?folder=%2FPhotos$/)
  await expect.poll(async () => (await shownTitles(page)).sort()).toEqual(['Day 1 shot', 'Raw 1'])
  expect((await listFolders()).map((folder) => folder.path)).toEqual(['/Photos'])
})

test('subfolders show as tiles above the files; a tile opens its folder and takes dropped files', async ({
  page,
  shot,
}) => {
  await createFolder('Campaigns')
  await createFolder('2026', '/Campaigns')
  await createFolder('Drafts', '/Campaigns')
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset', folder_path: '/Campaigns' }])
  await openScreen(page, '/?folder=%2FCampaigns')
  await expectTitles(page, ['Beach sunset'])
  const tiles = page.getByRole('list', { name: 'Subfolders' })
  await expect(tiles.getByRole('button', { name: /items?$/ })).toHaveText([
    /2026\s*0 items/,
    /Drafts\s*0 items/,
  ])
  await shot('folder-tiles')
  await card(page, 'Beach sunset').dragTo(tiles.getByRole('button', { name: '2026, 0 items' }))
  await expect
    .poll(async () => (await listFiles()).map((record) => record.folder_path))
    .toEqual(['/Campaigns/2026'])
  await tiles.getByRole('button', { name: /^2026/ }).click()
  await expect(page).toHaveURL(/\?folder=%2FCampaigns%2F2026$/)
  await expectTitles(page, ['Beach sunset'])
  await expect(page.getByRole('list', { name: 'Subfolders' })).toHaveCount(0)
})

test('an empty folder offers to upload into it and to create a folder inside it', async ({ page }) => {
  await createFolder('Empty')
  await openScreen(page, '/?folder=%2FEmpty')
  await expect(page.getByText('No files found')).toBeVisible()
  await expect(page.getByText('Get started by uploading your first file.')).toBeVisible()
  await page.getByRole('button', { name: 'Create a folder here' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Folder' })
  await expect(dialog).toContainText('Created in /Empty')
  await dialog.getByLabel('Folder name').fill('Inside')
  await dialog.getByLabel('Folder name').press('Enter')
  await expect(
    page.getByRole('list', { name: 'Subfolders' }).getByRole('button', { name: /^Inside/ }),
  ).toBeVisible()
  expect((await listFolders()).map((folder) => folder.path)).toEqual(['/Empty', '/Empty/Inside'])
  await page.getByRole('button', { name: 'Upload files here' }).click()
  await expect(page.getByRole('dialog', { name: 'Upload Files' })).toBeVisible()
})
