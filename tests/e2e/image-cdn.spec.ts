/**
 * What the Image CDN itself does, through netlify dev (the `netlify` project): an SVG is drawn as a PNG,
 * so the file itself never reaches the page. The rest of Details runs in details.spec.ts.
 */
import { seedFiles, type StoredRecord } from './support/library'
import { expect, startFromLibrary, test } from './support/fixtures'
import { card, closeDialog, openDetails, openScreen } from './support/screen'

test.use({ resetLibrary: false })

let logo: StoredRecord

test.beforeAll(async () => {
  await startFromLibrary(async () => {
    const [stored] = await seedFiles([{ fixture: 'logo.svg', title: 'Logo' }])
    if (!stored) throw new Error('Logo was not stored')
    logo = stored
  })
})

test.beforeEach(async ({ page }) => {
  await openScreen(page)
  await expect(card(page, 'Logo')).toBeVisible()
})

test('an SVG is shown as a PNG drawn by the Image CDN, never as the file itself', async ({ page, shot }) => {
  const source = `/.netlify/images?url=${encodeURIComponent(logo.media_url)}&w=1200&fm=png`
  const drawn = page.waitForResponse((response) => response.url().endsWith(source))
  const dialog = await openDetails(page, 'Logo')
  const image = dialog.getByRole('img', { name: 'Logo' })
  await expect(image).toHaveAttribute('src', source)
  expect((await drawn).headers()['content-type']).toBe('image/png')
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  await expect(dialog.locator('object, embed, iframe')).toHaveCount(0)
  await shot('details-svg')
  await closeDialog(page)
})
