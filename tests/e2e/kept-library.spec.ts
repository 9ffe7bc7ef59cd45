import type { Page } from '@playwright/test'

import { seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, expectTitles, keptManifestIsThere, openScreen } from './support/screen'

const pages = (url: URL) => url.pathname === '/api/media-pages'

/**
 * Whether the screen drew from the kept library: its first rows read by the page itself, or the worker's
 * answer from it (which of the two comes first depends on the worker's start).
 */
const answeredFromKept = (page: Page) =>
  page.evaluate(() =>
    ['listing:kept-first-here', 'library:kept-answer'].some(
      (name) => performance.getEntriesByName(name, 'mark').length > 0,
    ),
  )

test('a reload answers from the kept library before the server does, and a refused listing drops it', async ({
  page,
}) => {
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset' },
    { fixture: 'report.pdf', title: 'Budget report' },
    { fixture: 'tone.mp3', title: 'Jingle' },
  ])
  await openScreen(page)
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Jingle'])
  // Written once the listing is whole and as the server has it.
  await expect.poll(() => keptManifestIsThere(page)).toBe(true)

  // The server's answers wait: what shows is the kept library alone, the one store kept (decision 0077),
  // and nothing of the library is in localStorage.
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => !key.endsWith(':theme'))),
  ).toEqual([])
  const { promise: held, resolve: release } = Promise.withResolvers<undefined>()
  await page.route(pages, async (route) => {
    await held
    // A request the next reload cut short is handled already.
    await route.continue().catch(() => undefined)
  })
  await page.reload()
  await expect(card(page, 'Jingle')).toBeVisible()
  await expect.poll(() => answeredFromKept(page)).toBe(true)
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Jingle'])
  release(undefined)
  await page.unroute(pages)

  // With nothing changed, a reload is one request: what changed since the kept pages (decision 0083).
  const asked: string[] = []
  const count = (request: { url: () => string }) => {
    const url = new URL(request.url())
    if (pages(url)) asked.push(url.search)
  }
  page.on('request', count)
  await page.reload()
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Jingle'])
  await expect.poll(() => answeredFromKept(page)).toBe(true)
  await page.waitForLoadState('networkidle')
  page.off('request', count)
  expect(asked).toHaveLength(1)
  expect(asked[0]).toMatch(/^\?changes=[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{27}$/)

  // A refused listing (a session that ended) drops the kept library.
  await page.route(pages, (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Sign in again."}' }),
  )
  await page.reload()
  await expect.poll(() => keptManifestIsThere(page)).toBe(false)
  await page.unroute(pages)
  await page.reload()
  await expectTitles(page, ['Beach sunset', 'Budget report', 'Jingle'])
  expect(await answeredFromKept(page)).toBe(false)
})
