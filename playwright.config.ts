import { defineConfig } from '@playwright/test'

/**
 * The browser suite: Debian's Chromium against `netlify dev`, which tests/e2e/global-setup.ts starts on a
 * temporary copy of the project with its own empty Blobs data. Run it with `npm run e2e`.
 *
 * `E2E_BASE_URL` is set by the global setup; Playwright loads this file again in each worker, after the
 * setup, so `baseURL` is the running server there.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // One netlify dev and its one Blobs store serve every test, on a 2-core machine: one test at a time.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
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
