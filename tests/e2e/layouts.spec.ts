import type { Locator, Page } from '@playwright/test'

import { scan } from './support/axe'
import { seedFiles } from './support/library'
import { expect, startFromLibrary, test } from './support/fixtures'
import { card, openDetails, select } from './support/screen'
import { seedLibrary } from './support/seed-library'
import { baseUrl } from './support/server'

// Nothing here changes a file: one library, seeded once, with one file in the trash for its view.
test.use({ resetLibrary: false })
// Each test walks several views at one size; on a busy 2-core machine that outlasts the default minute.
test.describe.configure({ timeout: 120_000 })

/** A title longer than any card shows whole, for what a phone's card shows of it. */
const LONG_TITLE = 'Harbour at dusk from the north pier'
/** A tag with no space to break at, wider than a phone's Details column. */
const LONG_TAG = 'harbour-lighthouse-north-pier-evening-collection-2026'

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await startFromLibrary(async () => {
    await seedLibrary()
    await seedFiles([{ fixture: 'landscape.jpg', title: LONG_TITLE, tags: [LONG_TAG] }])
    const [trashed] = await seedFiles([{ fixture: 'portrait.png', title: 'An old poster with a long title' }])
    const response = await fetch(`${baseUrl()}/api/batch-delete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: [trashed?.id] }),
    })
    expect(response.ok).toBe(true)
  })
})

interface Size {
  width: number
  height: number
  /** The screenshot of the grid at this size, if one is kept. */
  shot?: string
}

const PHONES: readonly Size[] = [
  { width: 360, height: 740 },
  { width: 390, height: 844, shot: 'layout-phone' },
]
const WIDER: readonly Size[] = [
  { width: 768, height: 1024, shot: 'layout-tablet' },
  { width: 1280, height: 900 },
  { width: 1920, height: 1080, shot: 'layout-desktop' },
  { width: 2560, height: 1440, shot: 'layout-wide' },
]

/** Opens the screen and waits for the seeded files, which a loaded machine may take a while to show. */
async function openScreen(page: Page): Promise<void> {
  await page.goto('/')
  await expect(card(page, 'Beach sunset')).toBeVisible({ timeout: 30_000 })
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    // The file list and the trash table scroll up and down inside the page; never sideways either.
    inner: [...document.querySelectorAll('.results, .trash__scroll')].map(
      (box) => box.scrollWidth - box.clientWidth,
    ),
  }))
  expect(widths.page, `page width ${where}`).toBeLessThanOrEqual(widths.window)
  expect(
    widths.inner.filter((overflow) => overflow > 0),
    `inner overflow ${where}`,
  ).toEqual([])
}

async function expectInsideViewport(page: Page, element: Locator): Promise<void> {
  // A drawer or panel slides in: measure where it comes to rest.
  await element.evaluate((target) =>
    Promise.all(
      target.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => null)),
    ),
  )
  const box = await element.boundingBox()
  const viewport = page.viewportSize()
  if (box === null || viewport === null) throw new Error('no box or viewport')
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>

async function box(element: Locator): Promise<Box> {
  const measured = await element.boundingBox()
  if (measured === null) throw new Error('no box: the element is not shown')
  return measured
}

/** Whether two boxes share any area. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** Every header cell and every cell of the first row end on the same line: no step between columns. */
async function expectCellsAligned(table: Locator): Promise<void> {
  const bottoms = await table.evaluate((element) =>
    [
      element.querySelector('thead tr'),
      element.querySelector('tbody tr[data-file-id], tbody tr.file-table__row'),
    ].map((row) =>
      [...(row?.children ?? [])]
        .filter((cell) => cell.getClientRects().length > 0)
        .map((cell) => cell.getBoundingClientRect().bottom),
    ),
  )
  for (const row of bottoms) {
    expect(row.length).toBeGreaterThan(1)
    expect(new Set(row).size, `cell bottoms ${JSON.stringify(row)}`).toBe(1)
  }
}

/** The view toggle sits behind the Filters button on a phone. */
async function showList(page: Page): Promise<void> {
  const filters = page.getByRole('button', { name: 'Filters' })
  const folded = await filters.isVisible()
  if (folded) await filters.click()
  await page.getByRole('button', { name: 'List' }).click()
  if (folded) await filters.click()
  await expect(page.getByRole('table')).toBeVisible()
}

async function openTrash(page: Page): Promise<void> {
  const drawerButton = page.getByRole('button', { name: 'Folders' })
  if (await drawerButton.isVisible()) await drawerButton.click()
  await page.getByRole('button', { name: 'Trash' }).click()
  await expect(page.getByRole('table', { name: 'Files in the trash' })).toBeVisible()
}

/** Grid, a selection with its bulk panel, list and trash: the page never scrolls sideways, the panel fits. */
async function walkThrough(page: Page, size: Size, shot: (name: string) => Promise<void>): Promise<void> {
  await page.setViewportSize(size)
  await openScreen(page)
  await expectNoSidewaysScroll(page, 'in grid')
  if (size.shot !== undefined) await shot(size.shot)

  await select(page, 'Beach sunset', 'Budget report')
  const panel = page.getByRole('region', { name: 'Bulk operations' })
  await expect(panel).toBeVisible()
  await expectInsideViewport(page, panel)
  await expectNoSidewaysScroll(page, 'with a selection')
  // Its buttons sit on two rows at most, even on a phone.
  const rows = await panel
    .getByRole('button')
    .evaluateAll((buttons) => new Set(buttons.map((button) => button.getBoundingClientRect().top)).size)
  expect(rows, 'rows of the bulk panel').toBeLessThanOrEqual(2)

  await showList(page)
  await expectNoSidewaysScroll(page, 'in list')
  await expectCellsAligned(page.getByRole('table'))
  await expectInsideViewport(page, panel)
  if (size.width === 390) await shot('layout-phone-list')
  await page.getByRole('button', { name: 'Clear selection', exact: true }).click()

  await openTrash(page)
  await expectNoSidewaysScroll(page, 'in the Trash view')
  await expectCellsAligned(page.getByRole('table', { name: 'Files in the trash' }))
}

for (const size of WIDER) {
  test(`${String(size.width)}x${String(size.height)}: no sideways scroll in grid, list, selection and trash`, async ({
    page,
    shot,
  }) => {
    await walkThrough(page, size, shot)
    await expect(page.getByRole('tree', { name: 'Folders' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Folders' })).toHaveCount(0)
  })
}

test('another sort or search shows its files from the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 })
  await openScreen(page)
  const results = page.getByRole('region', { name: 'Files' })
  const scrolled = () => results.evaluate((element) => element.scrollTop)
  const scrollable = await results.evaluate((element) => element.scrollHeight - element.clientHeight)
  expect(scrollable).toBeGreaterThan(100)
  await results.evaluate((element) => {
    element.scrollTop = element.scrollHeight
  })
  await expect.poll(scrolled).toBeGreaterThan(100)
  await page.getByRole('button', { name: 'Sort ascending' }).click()
  await expect(page.getByRole('button', { name: 'Sort descending' })).toBeVisible()
  await expect.poll(scrolled).toBe(0)

  await results.evaluate((element) => {
    element.scrollTop = element.scrollHeight
  })
  await expect.poll(scrolled).toBeGreaterThan(100)
  await page.getByPlaceholder('Search files...').fill('a')
  await expect.poll(scrolled).toBe(0)
  // Files enough to scroll still: the search's files start at the top, not only for want of room.
  expect(await results.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(
    100,
  )
})

test('wide screens use their width: more card columns at 2560 than at 1280', async ({ page }) => {
  const columns = async () => {
    const tops = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((each) => each.getBoundingClientRect().top))
    return tops.filter((top) => top === tops[0]).length
  }
  await page.setViewportSize({ width: 1280, height: 1000 })
  await openScreen(page)
  // The grid's width reaches it as a transition: its columns settle a frame or two after a resize.
  await expect.poll(columns).toBeGreaterThanOrEqual(2)
  const desktop = await columns()
  await page.setViewportSize({ width: 2560, height: 1000 })
  await openScreen(page)
  // The main area takes all the width the sidebar leaves: no centred column of ~1,100 px.
  await expect
    .poll(async () => (await page.getByRole('main').boundingBox())?.width ?? 0)
    .toBeGreaterThan(2560 - 400)
  await expect.poll(columns).toBeGreaterThan(desktop)
})

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true })

  for (const size of PHONES) {
    test(`${String(size.width)}x${String(size.height)}: no sideways scroll in grid, list, selection and trash`, async ({
      page,
      shot,
    }) => {
      await walkThrough(page, size, shot)
    })
  }

  test('the folders are a drawer: Folders opens it, Escape and choosing a folder close it', async ({
    page,
    shot,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    await expect(page.getByRole('tree', { name: 'Folders' })).toHaveCount(0)
    const button = page.getByRole('button', { name: 'Folders' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')

    await button.click()
    const drawer = page.getByRole('dialog', { name: 'Folders' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('treeitem', { name: 'All files' })).toBeFocused()
    await expectInsideViewport(page, drawer)
    await shot('layout-phone-drawer')
    await scan(page, testInfo, 'phone-drawer')

    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')

    await button.click()
    await drawer.getByRole('treeitem', { name: 'Campaigns' }).click()
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Campaigns')).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(card(page, 'Launch spot')).toBeVisible()
    await expect(card(page, 'Beach sunset')).toHaveCount(0)

    // A click beside the drawer closes it too. Radix listens for it from a timer after the drawer
    // opens (so the opening click does not close it); the click waits for that timer, as a person's
    // always does, where a click sent at once could reach the page first while its main thread is busy.
    await button.click()
    await expect(drawer).toBeVisible()
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
    await page.mouse.click(380, 420)
    await expect(drawer).toHaveCount(0)
  })

  test('the filters, opened on a phone, stand two a row and leave the files most of the screen', async ({
    page,
    shot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    await page.getByRole('button', { name: 'Filters' }).click()
    const filters = page.locator('.toolbar__row--filters')
    await expect(filters).toBeVisible()
    // Folder, category, type, the dates, used or not, then the sort and view: where each row starts.
    const tops = () =>
      filters.evaluate((row) => [...row.children].map((each) => Math.round(each.getBoundingClientRect().top)))
    await expect
      .poll(async () => {
        const [folder, category, type, dates, unused, sort] = await tops()
        return [folder === category, type === unused, (dates ?? 0) > (type ?? 0), (sort ?? 0) > (dates ?? 0)]
      })
      .toEqual([true, true, true, true])
    await expectInsideViewport(page, filters)
    // Four rows of touch-sized controls: the pairs, the dates, the sort and view. A control a row (five
    // rows) left the files 246 px of the 844.
    await expect(page.locator('.results')).toBeVisible()
    const results = await box(page.locator('.results'))
    expect(844 - results.y).toBeGreaterThanOrEqual(320)
    await shot('layout-phone-filters')
  })

  test('the connection line covers neither the header nor the selection’s panel', async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    await select(page, 'Beach sunset')
    const panel = page.getByRole('region', { name: 'Bulk operations' })
    await expect(panel).toBeVisible()
    await page.context().setOffline(true)
    const line = page.getByRole('status').filter({ hasText: "You're offline" })
    await expect(line).toBeVisible()
    await expectInsideViewport(page, line)
    for (const covered of [
      page.getByRole('heading', { name: 'Media File Manager' }),
      page.getByRole('button', { name: 'Folders' }),
      panel,
    ])
      expect(overlap(await box(line), await box(covered))).toBe(false)
    await shot('layout-phone-offline-selected')
    await page.context().setOffline(false)
  })

  test('the grid shows at least two columns of cards', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openScreen(page)
    // The grid's width reaches it as a transition, so its cards may arrive a frame after the screen opens.
    await expect
      .poll(async () => {
        const tops = await page
          .getByRole('article')
          .evaluateAll((cards) => cards.map((each) => each.getBoundingClientRect().top))
        return tops.filter((top) => top === tops[0]).length
      })
      .toBeGreaterThanOrEqual(2)
  })

  test('the first screen of a 390 x 844 phone shows four whole cards', async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    await expect
      .poll(() =>
        page.getByRole('article').evaluateAll(
          (cards) =>
            cards.filter((each) => {
              const box = each.getBoundingClientRect()
              return box.top >= 0 && box.bottom <= window.innerHeight
            }).length,
        ),
      )
      .toBeGreaterThanOrEqual(4)
    await shot('layout-phone-first-screen')
  })

  test('a 390 px card shows at least 16 characters of a long title, on two lines at most', async ({
    page,
    shot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    const title = card(page, LONG_TITLE).locator('.card__title')
    await title.scrollIntoViewIfNeeded()
    // The characters laid out inside the title's box: the rest wrap below it or run past its edge.
    const shown = await title.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      let text = ''
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const content = node.textContent ?? ''
        for (let index = 0; index < content.length; index++) {
          range.setStart(node, index)
          range.setEnd(node, index + 1)
          const char = range.getBoundingClientRect()
          if (char.right <= box.right + 0.5 && char.bottom <= box.bottom + 0.5) text += content.charAt(index)
        }
      }
      return { text, lines: Math.round(box.height / parseFloat(getComputedStyle(element).lineHeight)) }
    })
    expect(shown.lines).toBeLessThanOrEqual(2)
    // Two more than 16: the ellipsis may cover the last two laid out.
    expect(shown.text.trim().length).toBeGreaterThanOrEqual(18)
    expect(LONG_TITLE.startsWith(shown.text)).toBe(true)
    // The type's icon beside it keeps its 16 px: the title gives way, not the icon.
    const icon = await card(page, LONG_TITLE).locator('.card__header .file-icon').boundingBox()
    expect(icon?.width).toBe(16)
    await shot('layout-phone-titles')
  })

  test('Update files fits the phone: its fields one a line, none past the dialog’s edge', async ({
    page,
    shot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    await select(page, 'Beach sunset')
    await page
      .getByRole('region', { name: 'Bulk operations' })
      .getByRole('button', { name: 'Update' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Update files' })
    await expect(dialog.getByLabel('Description')).toBeVisible()
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    )
    await expectInsideViewport(page, dialog.getByRole('button', { name: 'Update' }))
    await expectInsideViewport(page, dialog.getByLabel('Description'))
    // One a line: the Description stands under the Title, not beside it.
    const [title, description] = await Promise.all([
      dialog.getByLabel('Title').boundingBox(),
      dialog.getByLabel('Description').boundingBox(),
    ])
    expect(description?.x).toBe(title?.x)
    expect(description?.y ?? 0).toBeGreaterThan(title?.y ?? Infinity)
    await shot('layout-phone-update-files')
  })

  test('Details of a file with a long tag keep every value inside the dialog', async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    const dialog = await openDetails(page, LONG_TITLE)
    const tag = dialog.getByText(LONG_TAG)
    await expect(tag).toBeVisible()
    const [inner, tagBox] = await Promise.all([
      dialog.evaluate((element) => ({
        sideways: element.scrollWidth - element.clientWidth,
        right: element.getBoundingClientRect().right,
      })),
      tag.boundingBox(),
    ])
    expect(inner.sideways).toBeLessThanOrEqual(0)
    expect((tagBox?.x ?? 0) + (tagBox?.width ?? Infinity)).toBeLessThanOrEqual(inner.right)
    await shot('layout-phone-details-long-tag')
  })

  test('Webhooks keeps a new secret and the deliveries table inside the dialog', async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    await page.getByRole('button', { name: 'Folders', exact: true }).click()
    await page.getByRole('button', { name: 'Webhooks', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Webhooks' })
    // An address of one long word, as a receiver's often is.
    const address = `https://hooks.example.com/${'receiver'.repeat(6)}`
    await dialog.getByLabel('Address (https)').fill(address)
    await dialog.getByRole('button', { name: 'Add webhook' }).click()
    const secret = dialog.getByRole('status').filter({ hasText: 'Signing secret of' })
    await expect(secret).toBeVisible()
    const item = dialog.getByRole('listitem').filter({ hasText: address })
    await item.getByRole('button', { name: 'Send test' }).click()
    await item.getByRole('button', { name: 'Deliveries' }).click()
    await expect(dialog.getByRole('region', { name: 'Deliveries' }).getByRole('table')).toBeVisible()
    const inner = await dialog.evaluate((element) => ({
      sideways: element.scrollWidth - element.clientWidth,
      right: element.getBoundingClientRect().right,
    }))
    expect(inner.sideways).toBeLessThanOrEqual(0)
    const secretBox = await box(secret)
    expect(secretBox.x + secretBox.width).toBeLessThanOrEqual(inner.right)
    await expect
      .poll(() => secret.evaluate((element) => element.scrollWidth - element.clientWidth))
      .toBeLessThanOrEqual(0)
    await shot('layout-phone-webhooks')
  })

  test('the toolbar fits: search across, Upload and New Folder in reach, the filters folded', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openScreen(page)
    for (const control of [
      page.getByPlaceholder('Search files...'),
      page.getByRole('button', { name: 'Upload', exact: true }),
      page.getByRole('button', { name: 'New Folder' }),
      page.getByRole('button', { name: 'Filters' }),
    ]) {
      await expect(control).toBeVisible()
      await expectInsideViewport(page, control)
    }
    const search = await page.getByPlaceholder('Search files...').boundingBox()
    expect(search?.width).toBeGreaterThan(300)
    const category = page.getByRole('combobox', { name: 'Category' })
    await expect(category).toBeHidden()
    await page.getByRole('button', { name: 'Filters' }).click()
    await expect(page.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true')
    await expect(category).toBeVisible()
    await expectNoSidewaysScroll(page, 'with the filters open')
  })

  test('touch targets are at least 44 by 44 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openScreen(page)
    const targets = [
      page.getByRole('button', { name: 'Folders' }),
      page.getByRole('button', { name: 'Filters' }),
      page.getByRole('button', { name: 'New Folder' }),
      page.getByRole('button', { name: 'Upload', exact: true }),
      page.getByRole('button', { name: 'Select all' }),
    ]
    for (const target of targets) {
      const box = await target.boundingBox()
      const name = (await target.textContent()) ?? ''
      expect(box?.height, name).toBeGreaterThanOrEqual(44)
      expect(box?.width, name).toBeGreaterThanOrEqual(44)
    }
    await page.getByRole('button', { name: 'Folders' }).click()
    const drawer = page.getByRole('dialog', { name: 'Folders' })
    const row = drawer.getByRole('treeitem', { name: 'Archive' })
    expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)

    // A checkbox's box is smaller; its tap area reaches 22 px either side of its centre (in the list, where
    // no card edge clips it).
    await showList(page)
    const checkbox = page.getByRole('checkbox', { name: 'Select Beach sunset' })
    const box = await checkbox.boundingBox()
    if (box === null) throw new Error('no checkbox')
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    for (const [dx, dy] of [
      [-21, 0],
      [21, 0],
      [0, -21],
      [0, 21],
    ] as const) {
      const hit = await page.evaluate(
        ({ x, y }) =>
          document.elementFromPoint(x, y)?.closest('[role="checkbox"]')?.getAttribute('aria-label'),
        { x: centre.x + dx, y: centre.y + dy },
      )
      expect(hit, `tap at ${String(dx)},${String(dy)}`).toBe('Select Beach sunset')
    }
  })
})

/** Where each of the dialog's footer controls sits, by its name. */
async function footerBoxes(dialog: Locator) {
  const controls = dialog.locator('.details__actions button')
  const boxes: { name: string; x: number; y: number; width: number; height: number }[] = []
  for (const control of await controls.all()) {
    const box = await control.boundingBox()
    if (box === null) throw new Error('a footer control has no box')
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText())
    boxes.push({ name, ...box })
  }
  return boxes
}

test.describe('Details on a phone', () => {
  test.use({ hasTouch: true, isMobile: true })

  for (const size of PHONES) {
    test(`${String(size.width)} px: every footer control is in the window, 44 px or more, and stays put from file to file`, async ({
      page,
      shot,
    }) => {
      await page.setViewportSize(size)
      await openScreen(page)
      const dialog = await openDetails(page, 'Beach sunset')
      await dialog.evaluate((target) =>
        Promise.all(target.getAnimations().map((animation) => animation.finished.catch(() => null))),
      )
      const first = await footerBoxes(dialog)
      expect(first.map(({ name }) => name)).toEqual(
        expect.arrayContaining(['Previous file', 'Next file', 'Edit']),
      )
      for (const box of first) {
        expect(box.x, `${box.name} left edge`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${box.name} right edge`).toBeLessThanOrEqual(size.width)
        expect(box.y + box.height, `${box.name} bottom edge`).toBeLessThanOrEqual(size.height)
        expect(box.height, `${box.name} height`).toBeGreaterThanOrEqual(44)
        expect(box.width, `${box.name} width`).toBeGreaterThanOrEqual(44)
      }
      if (size.shot) await shot('details-phone')
      const height = (await dialog.boundingBox())?.height

      // The next file is of another kind: the dialog and its controls stay where they were.
      await dialog.getByRole('button', { name: 'Next file' }).click()
      const next = page.getByRole('dialog')
      await expect(next).not.toHaveAccessibleName('Beach sunset')
      expect((await next.boundingBox())?.height).toBe(height)
      const moved = await footerBoxes(next)
      expect(moved.find(({ name }) => name === 'Next file')).toEqual(
        first.find(({ name }) => name === 'Next file'),
      )
    })
  }
})

test('Skip to files is the first Tab stop and takes focus to the first file', async ({ page }) => {
  await openScreen(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to files' })
  await expect(skip).toBeFocused()
  const box = await skip.boundingBox()
  expect(box?.width).toBeGreaterThan(40)
  await page.keyboard.press('Enter')
  await expect(page.locator('[data-file-id][data-pos="0"]')).toBeFocused()
})
