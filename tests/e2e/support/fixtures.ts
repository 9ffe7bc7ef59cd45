/**
 * The suite's `test`: before each test netlify dev is checked (and restarted should it have stopped)
 * and the library emptied; the browser never leaves this machine (any other site is answered by a
 * stand-in page and recorded); `shot` keeps a screenshot of a state in test-results/screenshots/.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { test as base, expect, type Page } from '@playwright/test'

import { REPO_ROOT } from '../../api/helpers/netlify-dev'
import { emptyLibrary } from './library'
import { ensureServer } from './server'

/** Where the screenshots of the main states land (Playwright empties test-results/ at each run). */
export const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots')

export const OFFICE_VIEWER = 'https://view.officeapps.live.com'

interface Options {
  /**
   * Whether the library is emptied before each test (the default). A file whose tests only read the
   * library sets it to false and seeds once, in a `beforeAll` (see `startFromLibrary`).
   */
  resetLibrary: boolean
}

interface Fixtures {
  /** Every request the page made to another site; each was answered locally, none left the machine. */
  outsideRequests: string[]
  /** Saves a full-page screenshot as test-results/screenshots/<name>.png and attaches it to the test. */
  shot: (name: string, page?: Page) => Promise<void>
  /** Runs before every test: netlify dev answering, the library empty. */
  freshLibrary: undefined
}

// Each fixture hands its value on through `provide` (Playwright's `use`, renamed so that the React hooks
// lint rule does not take it for React's `use`).
export const test = base.extend<Fixtures & Options>({
  resetLibrary: [true, { option: true }],

  freshLibrary: [
    async ({ resetLibrary }, provide, testInfo) => {
      if (await ensureServer()) {
        testInfo.annotations.push({ type: 'note', description: 'netlify dev had stopped and was restarted' })
      }
      if (resetLibrary) await emptyLibrary()
      await provide(undefined)
      // The offline test may be the one that stopped it: leave a working server to the next test.
      await ensureServer()
    },
    { auto: true },
  ],

  outsideRequests: [
    async ({ context }, provide) => {
      const seen: string[] = []
      await context.route(
        (url) => url.protocol !== 'blob:' && url.protocol !== 'data:' && url.hostname !== '127.0.0.1',
        async (route) => {
          seen.push(route.request().url())
          await route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><title>Stand-in for another site</title>',
          })
        },
      )
      await provide(seen)
    },
    // Automatic, so the route is in place before any test opens a page.
    { auto: true },
  ],

  shot: async ({ page }, provide, testInfo) => {
    await mkdir(SCREENSHOTS, { recursive: true })
    await provide(async (name, target = page) => {
      const path = join(SCREENSHOTS, `${name}.png`)
      await target.screenshot({ path, fullPage: true, animations: 'disabled' })
      await testInfo.attach(name, { path, contentType: 'image/png' })
    })
  },
})

/** For files that seed once: netlify dev answering, the library emptied, then `seed` run. */
export async function startFromLibrary(seed: () => Promise<unknown>): Promise<void> {
  await ensureServer()
  await emptyLibrary()
  await seed()
}

export { expect }
