/**
 * The suite's `test`: each worker of the `site` project serves the build from a function host of its own
 * (its own Blobs data, so the project's workers run side by side); before each test the server is checked
 * (netlify dev restarted should it have stopped) and the library emptied; the browser never leaves this
 * machine (any other site is answered by a stand-in page and recorded); `shot` keeps a screenshot of a
 * state in test-results/screenshots/.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { test as base, expect, type Page } from '@playwright/test'

import { REPO_ROOT } from '../../support/netlify-dev'
import { startFunctionHost } from '../../support/function-host'
import { emptyLibrary } from './library'
import { builtSite, ensureServer, SITE_PROJECT, useWorkerServer } from './server'

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

interface WorkerFixtures {
  /** In the `site` project: the address of this worker's function host serving the build; elsewhere none. */
  workerServer: string | undefined
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
export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  resetLibrary: [true, { option: true }],

  workerServer: [
    // Playwright reads what a fixture needs from its first parameter's pattern: this one needs nothing.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      if (workerInfo.project.name !== SITE_PROJECT) {
        await provide(undefined)
        return
      }
      const host = await startFunctionHost({ site: builtSite() })
      useWorkerServer(host.baseUrl)
      await provide(host.baseUrl)
      await host.stop()
    },
    // Automatic, so the server is up before a file's `beforeAll` seeds it.
    { scope: 'worker', auto: true },
  ],

  // The pages of the `site` project open this worker's server; the netlify project's keep its baseURL.
  baseURL: async ({ workerServer, baseURL }, provide) => {
    await provide(workerServer ?? baseURL)
  },

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
      // A pattern rather than a function: the browser matches it, so this machine's own requests are
      // never held up on their way through the test process.
      await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/]|blob:|data:)/, async (route) => {
        seen.push(route.request().url())
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Stand-in for another site</title>',
        })
      })
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
