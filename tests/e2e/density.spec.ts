import type { Page } from '@playwright/test'

import { expect, startFromLibrary, test } from './support/fixtures'
import { card, expectTitles, openScreen } from './support/screen'
import { ALL_TITLES, seedLibrary } from './support/seed-library'

// Only the view changes here, never the files: one library for all the tests.
test.use({ resetLibrary: false })
test.beforeAll(async () => {
  await startFromLibrary(seedLibrary)
})

test.beforeEach(async ({ page }) => {
  await openScreen(page)
  await expectTitles(page, ALL_TITLES)
})

/** The cards' boxes, in screen order. */
async function cardBoxes(page: Page) {
  return page.getByRole('article').evaluateAll((cards) =>
    cards.map((item) => {
      const box = item.getBoundingClientRect()
      const actions = item.querySelector('.card__actions')?.getBoundingClientRect()
      const picture = item.querySelector('.thumbnail')?.getBoundingClientRect()
      return {
        top: Math.round(box.top),
        width: box.width,
        height: box.height,
        // Nothing of the card's content is cut off by its fixed height.
        fits: actions !== undefined && actions.bottom <= box.bottom + 0.5,
        pictureWidth: picture?.width ?? 0,
      }
    }),
  )
}

test('Comfortable cards are short, their pictures fill them, and their titles show the extension', async ({
  page,
  shot,
}) => {
  const sunset = card(page, 'Beach sunset')
  await expect(sunset.locator('.card__extension')).toHaveText('.jpg')
  await expect(card(page, 'Launch spot').locator('.card__extension')).toHaveText('.mp4')
  await expect(sunset.getByText('By: Dana')).toBeVisible()
  await expect
    .poll(() => sunset.locator('.thumbnail img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  for (const box of await cardBoxes(page)) {
    expect(box.height).toBeLessThan(330)
    expect(box.fits).toBe(true)
    // The picture box is the card's width less its two border pixels.
    expect(box.pictureWidth).toBeGreaterThan(box.width - 3)
  }
  await shot('grid-comfortable')
})

test('the Compact density, chosen from the keyboard, shows shorter cards and is kept on reload', async ({
  page,
  shot,
}) => {
  const before = await cardBoxes(page)
  const compact = page.getByRole('group', { name: 'Card density' }).getByRole('button', { name: 'Compact' })
  await compact.focus()
  await page.keyboard.press('Enter')
  await expect(compact).toHaveAttribute('aria-pressed', 'true')
  const sunset = card(page, 'Beach sunset')
  await expect(sunset.locator('.card__line')).toHaveText(/^image · 17\.82 KB · Mar 10, 2026$/)
  await expect(sunset.getByText('By: Dana')).toHaveCount(0)
  const after = await cardBoxes(page)
  expect(after[0]?.height ?? 0).toBeLessThan((before[0]?.height ?? 0) * 0.7)
  for (const box of after) expect(box.fits).toBe(true)
  // The actions show over the picture when the pointer is on the card.
  await sunset.hover()
  await expect(sunset.getByRole('button', { name: /^View / })).toBeVisible()
  await expect(sunset.locator('.card__actions')).toHaveCSS('opacity', '1')
  await shot('grid-compact')

  await openScreen(page)
  await expectTitles(page, ALL_TITLES)
  await expect(card(page, 'Beach sunset')).toHaveClass(/card--compact/)
})

test('a 360 px phone shows two columns of cards in both densities', async ({ page, shot }) => {
  for (const density of ['Comfortable', 'Compact']) {
    // On a phone the view controls fold away with the filters: choose on a wide screen, then narrow it.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('group', { name: 'Card density' }).getByRole('button', { name: density }).click()
    await page.setViewportSize({ width: 360, height: 780 })
    await expect
      .poll(async () => {
        const boxes = await cardBoxes(page)
        return boxes.filter((box) => box.top === boxes[0]?.top).length
      })
      .toBe(2)
    for (const box of await cardBoxes(page)) {
      expect(box.width).toBeGreaterThan(130)
      expect(box.fits).toBe(true)
    }
    await shot(`grid-phone-${density.toLowerCase()}`)
  }
})

/**
 * The computed style of Chromium's own clear button, which lives in the input's closed user-agent shadow
 * tree: only the DevTools protocol reaches it.
 */
async function nativeClearButton(page: Page): Promise<Record<string, string>> {
  type DomNode = { nodeId: number; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] }
  const cdp = await page.context().newCDPSession(page)
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode }
  const find = (node: DomNode): DomNode | undefined => {
    const attributes = node.attributes ?? []
    if (attributes[attributes.indexOf('pseudo') + 1] === '-webkit-search-cancel-button') return node
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
      const found = find(child)
      if (found) return found
    }
    return undefined
  }
  const button = find(root)
  if (!button) throw new Error('the search input has no native clear button to inspect')
  await cdp.send('CSS.enable')
  const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: button.nodeId })
  return Object.fromEntries(computedStyle.map(({ name, value }) => [name, value]))
}

test('the search box shows one clear button: ours', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search files' })
  await search.fill('sunset')
  await expectTitles(page, ['Beach sunset'])
  const native = await nativeClearButton(page)
  expect(native.appearance).toBe('none')
  expect(native.width).toBe('0px')
  await expect(page.locator('.search').getByRole('button')).toHaveCount(1)
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(search).toHaveValue('')
  await expectTitles(page, ALL_TITLES)
})
