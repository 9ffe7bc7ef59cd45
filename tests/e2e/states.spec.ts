import { seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, choose, openScreen } from './support/screen'

const isFileList = (url: URL) => url.pathname === '/api/media-pages'

test.describe('screen states', () => {
  test('shows Loading files... until the list arrives', async ({ page, shot }) => {
    await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
    const { promise: held, resolve: release } = Promise.withResolvers<undefined>()
    await page.route(isFileList, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await expect(page.getByRole('status').filter({ hasText: 'Loading files...' })).toBeVisible()
    await shot('loading-state')
    release(undefined)
    await expect(card(page, 'Beach sunset')).toBeVisible()
    await expect(page.getByText('Loading files...')).toHaveCount(0)
  })

  test('an empty library says No files found with the upload hint, a narrowed one with the adjust hint', async ({
    page,
    shot,
  }) => {
    await openScreen(page)
    await expect(page.getByText('No files found')).toBeVisible()
    await expect(page.getByText('Get started by uploading your first file.')).toBeVisible()
    await shot('empty-state')

    await page.getByPlaceholder('Search files...').fill('anything at all')
    await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible()
    await expect(page.getByText('No files found')).toBeVisible()
    await expect(page.getByText('Get started by uploading your first file.')).toHaveCount(0)

    await page.getByPlaceholder('Search files...').fill('')
    await expect(page.getByText('Get started by uploading your first file.')).toBeVisible()
    await choose(page, 'Category', 'Audio')
    await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible()
    await shot('empty-state-filtered')
  })

  test('a failed load shows the error with Try Again over the sample files; Try Again loads the list', async ({
    page,
    shot,
  }) => {
    await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
    await page.route(isFileList, (route) =>
      route.fulfill({ status: 500, json: { error: 'Storage is unavailable' } }),
    )
    await page.goto('/')
    const alert = page.getByRole('alert').filter({ hasText: 'Error:' })
    await expect(alert).toHaveText(/Error: Failed to load files\. Please try again\./)
    const tryAgain = alert.getByRole('button', { name: 'Try Again' })
    await expect(tryAgain).toBeVisible()
    for (const sample of ['Sample document', 'Sample image', 'Sample video']) {
      await expect(card(page, sample)).toBeVisible()
    }
    await expect(card(page, 'Beach sunset')).toHaveCount(0)
    await shot('error-state')

    await page.unroute(isFileList)
    await tryAgain.click()
    await expect(card(page, 'Beach sunset')).toBeVisible()
    await expect(page.getByText('Error: Failed to load files. Please try again.')).toHaveCount(0)
    await expect(card(page, 'Sample image')).toHaveCount(0)
  })

  test('a network failure of the list shows the same error', async ({ page }) => {
    await page.route(isFileList, (route) => route.abort('connectionrefused'))
    await page.goto('/')
    await expect(page.getByText('Error: Failed to load files. Please try again.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
  })
})
