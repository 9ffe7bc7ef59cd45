/**
 * What the Image CDN itself does, through netlify dev (the `netlify` project): an SVG is drawn as a PNG,
 * so the file itself never reaches the page, and a card's picture is drawn at the width its box needs.
 * The rest of Details runs in details.spec.ts.
 */
import { seedFiles, type StoredRecord } from './support/library'
import { expect, startFromLibrary, test } from './support/fixtures'
import { card, closeDialog, openDetails, openScreen } from './support/screen'

test.use({ resetLibrary: false })

let logo: StoredRecord

test.beforeAll(async () => {
  await startFromLibrary(async () => {
    const [stored] = await seedFiles([
      { fixture: 'logo.svg', title: 'Logo' },
      { fixture: 'landscape.jpg', title: 'Landscape' },
    ])
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

test("a card's picture is a 4:3 crop drawn at the width of its box, not the 150 px square stretched", async ({
  page,
}) => {
  // 1280 px wide at 1x: the box is at most 260 px, so the 320 px picture serves it.
  const picture = card(page, 'Landscape').locator('.thumbnail img')
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.currentSrc))
    .toMatch(/\/\.netlify\/images\?url=[^&]+landscape\.jpg&w=320&h=240&fit=cover$/)
  const drawn = await picture.evaluate(async (image: HTMLImageElement) => {
    const alone = new Image()
    alone.src = image.currentSrc
    await alone.decode()
    return {
      width: alone.naturalWidth,
      height: alone.naturalHeight,
      box: image.getBoundingClientRect().width,
    }
  })
  expect(drawn).toMatchObject({ width: 320, height: 240 })
  expect(drawn.box).toBeLessThanOrEqual(320)
  // The SVG's picture is drawn as a PNG at the same widths.
  await expect(card(page, 'Logo').locator('.thumbnail img')).toHaveAttribute(
    'srcset',
    /&w=640&h=480&fit=cover&fm=png 640w$/,
  )
})
