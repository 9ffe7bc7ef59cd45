import { expect, startFromLibrary, test } from './support/fixtures'
import { card, choose, expectTitles, openScreen, optionsOf, row } from './support/screen'
import { ALL_TITLES, seedLibrary } from './support/seed-library'

// These tests change only the view, never the files: one library for all of them.
test.use({ resetLibrary: false })
test.beforeAll(async () => {
  await startFromLibrary(seedLibrary)
})

test.beforeEach(async ({ page }) => {
  await openScreen(page)
  await expectTitles(page, ALL_TITLES)
})

test('search matches title, description, author or any tag, ignoring case', async ({ page, shot }) => {
  const search = page.getByPlaceholder('Search files...')
  await search.fill('SUNSET')
  await expectTitles(page, ['Beach sunset'])
  await search.fill('hero')
  await expectTitles(page, ['Launch spot'])
  await search.fill('patel')
  await expectTitles(page, ['Budget report'])
  await search.fill('radio')
  await expectTitles(page, ['Jingle'])
  await expect(page.getByRole('status').filter({ hasText: '1 of 6 files' })).toBeVisible()
  await shot('search')
  await search.fill('')
  await expectTitles(page, ALL_TITLES)
})

test('the category selector offers all, images, videos, documents, audio and other', async ({
  page,
  shot,
}) => {
  expect(await optionsOf(page, 'Category')).toEqual([
    'All categories',
    'Images',
    'Videos',
    'Documents',
    'Audio',
    'Other',
  ])
  await choose(page, 'Category', 'Images')
  await expectTitles(page, ['Beach sunset'])
  await choose(page, 'Category', 'Videos')
  await expectTitles(page, ['Launch spot'])
  await choose(page, 'Category', 'Documents')
  await expectTitles(page, ['Budget report', 'Creative brief'])
  await shot('category-documents')
  await choose(page, 'Category', 'Audio')
  await expectTitles(page, ['Jingle'])
  await choose(page, 'Category', 'Other')
  await expectTitles(page, ['Press bundle'])
  await choose(page, 'Category', 'All categories')
  await expectTitles(page, ALL_TITLES)
})

test('the folder selector and the folder tree show one folder; Uncategorized the top level', async ({
  page,
  shot,
}) => {
  expect(await optionsOf(page, 'Folder')).toEqual(['Uncategorized', 'Archive', 'Campaigns', '2026'])
  await choose(page, 'Folder', 'Uncategorized')
  await expectTitles(page, ['Beach sunset', 'Jingle', 'Press bundle'])
  await choose(page, 'Folder', 'Campaigns')
  await expectTitles(page, ['Creative brief', 'Launch spot'])
  await choose(page, 'Folder', '2026')
  await expectTitles(page, ['Budget report'])
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('listitem')).toHaveText(['All files', 'Campaigns', '2026'])
  await shot('folder-2026')
  await page.getByRole('button', { name: 'Show all folders' }).click()
  await expectTitles(page, ALL_TITLES)

  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Campaigns' }).click()
  await expectTitles(page, ['Creative brief', 'Launch spot'])
  await tree.getByRole('treeitem', { name: 'Archive' }).click()
  await expect(page.getByText('No files found')).toBeVisible()
  await expect(page.getByText('Get started by uploading your first file.')).toBeVisible()
  await tree.getByRole('treeitem', { name: 'All files' }).click()
  await expectTitles(page, ALL_TITLES)
})

test('the type filter matches the exact file type, named and grouped by kind', async ({ page }) => {
  expect(await optionsOf(page, 'File type')).toEqual([
    'All types',
    'JPEG image',
    'MP4 video',
    'PDF document',
    'Word document (.docx)',
    'MP3 audio',
    'ZIP archive',
  ])
  await page.getByRole('combobox', { name: 'File type' }).click()
  await expect(page.getByRole('listbox').getByRole('group')).toHaveText([
    /^Images/,
    /^Videos/,
    /^Documents/,
    /^Audio/,
    /^Other/,
  ])
  await page.keyboard.press('Escape')
  await choose(page, 'File type', 'MP4 video')
  await expectTitles(page, ['Launch spot'])
  await expect(page).toHaveURL(/type=video%2Fmp4/)
  await choose(page, 'File type', 'PDF document')
  await expectTitles(page, ['Budget report'])
  await choose(page, 'File type', 'All types')
  await expectTitles(page, ALL_TITLES)
})

test('the date range keeps files created between both days, inclusive', async ({ page, shot }) => {
  await page.getByLabel('From').fill('2026-01-20')
  await expectTitles(page, ['Beach sunset', 'Creative brief', 'Jingle', 'Launch spot', 'Press bundle'])
  await page.getByLabel('To').fill('2026-03-10')
  await expectTitles(page, ['Beach sunset', 'Creative brief', 'Press bundle'])
  await expect(page).toHaveURL(/from=2026-01-20/)
  await expect(page).toHaveURL(/to=2026-03-10/)
  await shot('date-range')
  await page.getByRole('button', { name: 'Clear date range' }).click()
  await expectTitles(page, ALL_TITLES)
})

test('filters combine, and search narrows within them', async ({ page }) => {
  await choose(page, 'Folder', 'Campaigns')
  await choose(page, 'Category', 'Documents')
  await expectTitles(page, ['Creative brief'])
  await page.getByPlaceholder('Search files...').fill('launch')
  await expect(page.getByText('No files found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible()
})

test('a tag or an author clicked on a card filters by it, as a chip kept in the address', async ({
  page,
  shot,
}) => {
  await card(page, 'Jingle').getByRole('button', { name: 'Radio' }).click()
  await expectTitles(page, ['Jingle'])
  await expect(page).toHaveURL(/[?&]tag=Radio(&|$)/)
  await expect(page.getByText('0 selected')).toBeVisible()
  await shot('filter-by-tag')
  await page.getByRole('button', { name: 'Remove filter tag: Radio' }).click()
  await expectTitles(page, ALL_TITLES)
  await card(page, 'Beach sunset').getByRole('button', { name: 'By: Dana' }).click()
  await expectTitles(page, ['Beach sunset'])
  await page.reload()
  await expectTitles(page, ['Beach sunset'])
  await expect(page.getByRole('button', { name: 'Remove filter author: Dana' })).toBeVisible()
})

test('the grid sorts by title ascending first, then by the toolbar sort and direction', async ({ page }) => {
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Sort ascending' }).click()
  await expectTitles(page, [...ALL_TITLES].reverse())
  await page.getByRole('button', { name: 'Sort descending' }).click()
  await expectTitles(page, ALL_TITLES)
  await choose(page, 'Sort by', 'Size')
  await expectTitles(page, [
    'Press bundle',
    'Creative brief',
    'Beach sunset',
    'Budget report',
    'Jingle',
    'Launch spot',
  ])
  await choose(page, 'Sort by', 'Date')
  await expectTitles(page, [
    'Budget report',
    'Creative brief',
    'Press bundle',
    'Beach sunset',
    'Jingle',
    'Launch spot',
  ])
})

test('grid and list show the same files; list headers sort and flip', async ({ page, shot }) => {
  const first = card(page, 'Beach sunset')
  await expect(first.getByRole('checkbox', { name: 'Select Beach sunset' })).toBeVisible()
  await expect(first.getByRole('heading', { name: 'Beach sunset' })).toBeVisible()
  await expect(first.getByText('By: Dana')).toBeVisible()
  await expect(first.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['summer'])
  await expect(first.getByText('17.82 KB')).toBeVisible()
  await expect(first.getByText('Mar 10, 2026')).toBeVisible()
  await expect(card(page, 'Jingle').getByText('No description')).toBeVisible()
  for (const name of ['View', 'Edit', 'Download']) {
    await expect(first.getByRole('button', { name: `${name} Beach sunset`, exact: true })).toBeVisible()
  }
  // The image's thumbnail comes through the Image CDN of netlify dev and really loads.
  await expect
    .poll(() => first.locator('.thumbnail img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  await shot('grid')

  await page.getByRole('button', { name: 'List' }).click()
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true')
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText([
    'Selected',
    'Name',
    'Folder',
    'Type',
    'Size',
    'Date',
    'Actions',
  ])
  await expectTitles(page, ALL_TITLES)
  await expect(row(page, 'Launch spot')).toContainText('video')
  await expect(row(page, 'Launch spot')).toContainText('650.87 KB')
  await shot('list')

  const header = (name: string) => table.getByRole('button', { name, exact: true })
  await header('Name').click()
  await expectTitles(page, [...ALL_TITLES].reverse())
  await expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending')
  await header('Size').click()
  await expectTitles(page, [
    'Press bundle',
    'Creative brief',
    'Beach sunset',
    'Budget report',
    'Jingle',
    'Launch spot',
  ])
  // The whole header cell sorts, its far corner too, not only the label inside it.
  const sizeCell = table.getByRole('columnheader', { name: /Size/ })
  const cell = await sizeCell.boundingBox()
  await sizeCell.click({ position: { x: (cell?.width ?? 4) - 3, y: (cell?.height ?? 4) - 3 } })
  await expect(sizeCell).toHaveAttribute('aria-sort', 'descending')
  await expectTitles(page, [
    'Launch spot',
    'Jingle',
    'Budget report',
    'Beach sunset',
    'Creative brief',
    'Press bundle',
  ])
  await header('Date').click()
  await expectTitles(page, [
    'Budget report',
    'Creative brief',
    'Press bundle',
    'Beach sunset',
    'Jingle',
    'Launch spot',
  ])
  await header('Type').click()
  await expect(table.getByRole('columnheader', { name: /Type/ })).toHaveAttribute('aria-sort', 'ascending')
  // By what the Type column reads (audio, document, file, image, video), then the type's name.
  await expectTitles(page, [
    'Jingle',
    'Budget report',
    'Creative brief',
    'Press bundle',
    'Beach sunset',
    'Launch spot',
  ])
  await expect(page).toHaveURL(/sort=type/)
  await expect(page).toHaveURL(/view=list/)

  await page.getByRole('button', { name: 'Grid' }).click()
  await expect(page.getByRole('table')).toHaveCount(0)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

test('the view, filters and sort survive a reload through the address', async ({ page }) => {
  await page.getByRole('button', { name: 'List' }).click()
  await choose(page, 'Category', 'Documents')
  await page.getByRole('table').getByRole('button', { name: 'Size', exact: true }).click()
  await expectTitles(page, ['Creative brief', 'Budget report'])
  await page.reload()
  await expect(page.getByRole('table')).toBeVisible()
  await expectTitles(page, ['Creative brief', 'Budget report'])
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Documents')
  await expect(page.getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'ascending')
})
