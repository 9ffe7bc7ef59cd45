import { defineConfig } from '@playwright/test'

/**
 * The browser suite: Debian's Chromium against the build, served by tests/e2e/global-setup.ts twice, each
 * with its own empty Blobs data: from the real functions in process (the `site` project, most specs), and
 * from `netlify dev` (the `netlify` project: what needs its headers or its Image CDN). Run it with
 * `npm run e2e`.
 *
 * The addresses are set by the global setup; Playwright loads this file again in each worker, after the
 * setup, so each project's `baseURL` is its running server there.
 */

/** The specs that need netlify dev itself: its `[[headers]]`, and its Image CDN drawing SVGs and thumbnails. */
const NETLIFY_SPECS = ['security-headers.spec.ts', 'hostile-files.spec.ts', 'image-cdn.spec.ts']
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // Each project has one server and one store, so one test at a time in each; the two run side by side.
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'site', testIgnore: NETLIFY_SPECS, workers: 1, use: { baseURL: process.env.E2E_BASE_URL } },
    { name: 'netlify', testMatch: NETLIFY_SPECS, workers: 1, use: { baseURL: process.env.E2E_NETLIFY_URL } },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    acceptDownloads: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-first-failure',
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
