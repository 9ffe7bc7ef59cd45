import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

import { unsignedPresetPlugin } from './scripts/cloudinary-preset.ts'
import { contentSecurityPolicyPlugin } from './scripts/csp.ts'
import { exifrBrowserPlugin } from './scripts/exifr-browser.ts'
import { firstPageCheckPreloadPlugin } from './scripts/first-page-check-preload.ts'
import { firstRouteBudgetPlugin } from './scripts/first-route-budget.ts'
import { FIRST_ROUTE_GROUP, firstRouteWithoutZodPlugin } from './scripts/first-route-chunk.ts'
import { startAfterPaintPlugin } from './scripts/start-after-paint.ts'
import { startupNamesPlugin } from './scripts/startup-names.ts'
import { swaggerUiAssetsPlugin } from './scripts/swagger-ui-assets.ts'

/**
 * Unit and component tests sit at the path of the code they test: `tests/src/...` for `src/...`,
 * `tests/netlify/...` for `netlify/...` (scripts/check-test-tree.mjs holds them to it). The environment is
 * in the name: `*.dom.test.tsx` runs in jsdom (the components projects), every other `*.test.ts` in node
 * (unit). Endpoint tests (`tests/api` in process, `tests/netlify-dev` through netlify dev), the browser
 * suite (`tests/e2e`) and the benchmarks (`tests/bench`) are trees of their own.
 */
const DOM_TESTS = 'tests/**/*.dom.test.tsx'
const OWN_TREES = ['tests/api/**', 'tests/netlify-dev/**', 'tests/e2e/**', 'tests/bench/**']

/**
 * Component tests that stand in for browser APIs, modules or the server settings per file (workers, msw
 * servers of their own, Cloudinary settings, `vi.mock`), which modules read once: each of these runs in a
 * fresh jsdom and module cache.
 */
const ISOLATED_COMPONENT_TESTS = [
  'tests/src/features/upload/**/*.dom.test.tsx',
  'tests/src/features/preview/**/*.dom.test.tsx',
]

export default defineConfig({
  // The Content-Security-Policy is written into dist/_headers from the Cloudinary settings; a build for a
  // site behind the access gate leaves the unsigned Cloudinary preset out (uploads are signed instead).
  // The built page runs the app's script once it has painted its own HTML (start-after-paint.ts), the first
  // page's check downloads beside that script (first-page-check-preload.ts), and its
  // startup scripts carry the storage names of src/lib/storage-names.ts (startup-names.ts). The
  // API's reference page loads Swagger UI's own bundle, copied beside the app's assets. A build whose
  // first route holds zod fails (first-route-chunk.ts, decision 0042), and so does one whose first route
  // passes its brotli budget (first-route-budget.ts, decision 0086).
  plugins: [
    react(),
    unsignedPresetPlugin(),
    contentSecurityPolicyPlugin(),
    startAfterPaintPlugin(),
    firstPageCheckPreloadPlugin(),
    startupNamesPlugin(),
    exifrBrowserPlugin(),
    swaggerUiAssetsPlugin(),
    firstRouteWithoutZodPlugin(),
    firstRouteBudgetPlugin(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the first page imports in one chunk (scripts/first-route-chunk.ts).
        codeSplitting: { groups: [FIRST_ROUTE_GROUP] },
      },
    },
  },
  test: {
    // Two cores here: the default (cores - 1) would run every file one after another, while the netlify
    // files mostly wait on netlify dev.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The files share one module cache per worker instead of importing the server again each: that
          // was half of the project's time. Each test sets up the store it uses.
          isolate: false,
          include: ['tests/**/*.test.ts'],
          exclude: [...OWN_TREES, DOM_TESTS],
          environment: 'node',
          env: { NODE_ENV: 'test' },
          // The property and concurrency tests run beside the other projects on 2 cores.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: [DOM_TESTS],
          exclude: [...ISOLATED_COMPONENT_TESTS, ...OWN_TREES],
          environment: 'jsdom',
          // The files share one jsdom and one module cache per worker instead of building their own: that
          // was half of the project's time. Each test renders afresh on a fresh store (setupScreenServer).
          isolate: false,
          setupFiles: ['tests/support/components.setup.ts'],
          // jsdom renders of the whole screen take seconds on a loaded 2-core machine.
          testTimeout: 30_000,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        extends: true,
        test: {
          name: 'components-isolated',
          include: ISOLATED_COMPONENT_TESTS,
          environment: 'jsdom',
          setupFiles: ['tests/support/components.setup.ts'],
          testTimeout: 30_000,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own in-process function host on its own local Blobs server.
          setupFiles: ['tests/support/function-host.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'netlify',
          include: ['tests/netlify-dev/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/netlify-dev.setup.ts'],
          // One netlify dev shared by the files (a file needing other settings starts its own); they
          // mostly wait on netlify dev, so they run side by side with the CPU-bound projects.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
