import { listFiles, seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, openDetails, openScreen } from './support/screen'

test.beforeEach(async ({ page }) => {
  // 800x600.
  await seedFiles([{ fixture: 'landscape.jpg', title: 'Beach sunset' }])
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

/** The size of the picture the browser decoded. */
const naturalSize = (image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]

test('Details turns and crops an image, and the preview and card show it as /api/image delivers it', async ({
  page,
  shot,
}) => {
  const details = await openDetails(page, 'Beach sunset')
  const controls = details.getByRole('region', { name: 'Crop, rotate and focal point' })
  await controls.getByRole('button', { name: 'Rotate right' }).click()
  await expect(controls.getByRole('status')).toHaveText('Turned 90° right.')
  const preview = details.getByRole('img', { name: 'Beach sunset' })
  await expect(preview).toHaveAttribute('src', /^\/api\/image\/\d+\?w=1600&h=1600&v=[0-9a-z]+$/)
  const answer = await page.request.get((await preview.getAttribute('src')) ?? '')
  expect(answer.status(), await answer.text()).toBe(200)
  // Asked for once the server stored the turn: the URL's version is the record's, kept for good.
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  await expect.poll(() => preview.evaluate(naturalSize)).toEqual([600, 800])

  // The editor shows the picture turned, 600x800; its left half is the stored picture's bottom half,
  // 800x300, delivered turned: 300 wide and 800 high.
  const stage = details.getByRole('application', { name: 'Focal point and crop' })
  await stage.scrollIntoViewIfNeeded()
  const box = await stage.boundingBox()
  if (!box) throw new Error('The picture to adjust has no box')
  expect(Math.round((box.height / box.width) * 100)).toBe(133)
  // From the middle of the bottom edge to past the top left corner (the rounded corner itself takes no
  // pointer): the drag keeps the pointer, and the crop stops at the picture's edges.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 4 })
  await page.mouse.move(box.x - 20, box.y - 20, { steps: 4 })
  await page.mouse.up()
  await expect.poll(async () => (await listFiles())[0]?.crop?.y ?? 0).toBeGreaterThan(0.45)
  await expect
    .poll(async () => {
      const [width = 0, height = 0] = await preview.evaluate(naturalSize)
      return Math.abs(width - 300) < 20 && Math.abs(height - 800) < 20
    })
    .toBe(true)

  // Keyboard: the focal point moves with the arrow keys on the picture as shown, and is saved in the
  // stored picture's terms: right on the turned picture is up on the stored one.
  await stage.focus()
  await page.keyboard.press('ArrowRight')
  await expect(details.getByTestId('focal-marker')).toBeVisible()
  await expect.poll(async () => (await listFiles())[0]?.focal_point).toEqual({ x: 0.5, y: 0.45 })
  await shot('image-settings')

  await page.keyboard.press('Escape')
  const picture = card(page, 'Beach sunset').locator('img')
  await expect(picture).toHaveAttribute('src', /^\/api\/image\/\d+\?w=150&h=150&fit=cover&v=/)
  // The browser picks a 4:3 cut from srcset for the card's width (its natural size is scaled by `sizes`).
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.currentSrc))
    .toMatch(/\/api\/image\/\d+\?w=(320|480|640)&h=(240|360|480)&fit=cover&v=/)
  await expect
    .poll(async () => {
      const [width = 0, height = 0] = await picture.evaluate(naturalSize)
      return height > 0 && Math.abs(width / height - 4 / 3) < 0.02
    })
    .toBe(true)
})
