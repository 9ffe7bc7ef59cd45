import { defineConfig } from '@playwright/test'

/**
 * The browser suite: Debian's Chromium against the build, each server with its own empty Blobs data:
 * the real functions in process, one function host per worker (the `site` project, most specs: its
 * workers run side by side), and `netlify dev` started by tests/e2e/global-setup.ts (the `netlify`
 * project, one test at a time: what needs its headers or its Image CDN). Run it with `npm run e2e`.
 *
 * netlify dev's address is set by the global setup; Playwright loads this file again in each worker,
 * after the setup, so the `netlify` project's `baseURL` is its running server there.
 */

/** The specs that need netlify dev itself: its `[[headers]]`, and its Image CDN drawing SVGs and thumbnails. */
const NETLIFY_SPECS = ['security-headers.spec.ts', 'hostile-thumbnails.spec.ts', 'image-cdn.spec.ts']
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // One browser per core: a test here is mostly the browser's own work, so a second worker in a project
  // only halves each one's speed. (Each `site` worker has a server of its own, so more cores can take more.)
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'site', testIgnore: NETLIFY_SPECS, workers: 1 },
    { name: 'netlify', testMatch: NETLIFY_SPECS, workers: 1, use: { baseURL: process.env.E2E_NETLIFY_URL } },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    acceptDownloads: true,
    screenshot: 'only-on-failure',
    // Recording a trace costs each test about a third more time; a failing test's retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
})
