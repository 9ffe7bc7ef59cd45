/**
 * globalSetup of the browser suite: builds the screen into a throw-away copy of the project, and serves
 * it from `netlify dev` on empty Blobs data for the specs that need netlify dev (its headers, the Image
 * CDN): the `netlify` project. Each worker of the `site` project serves the same build from a function
 * host of its own (tests/support/function-host.ts, the real functions in process, where a call costs
 * milliseconds instead of netlify dev's fresh worker per call): see the `workerServer` fixture in
 * support/fixtures.ts. The addresses reach the tests through the environment, which Playwright passes on
 * to its workers.
 *
 * - E2E_NETLIFY_URL: netlify dev, the `netlify` project's `baseURL` (playwright.config.ts).
 * - E2E_CONTROL_URL: `POST` here stops netlify dev and starts it again on the same directory and ports
 *   (see support/server.ts); a test's fixture calls it when netlify dev stopped answering.
 * - E2E_PROJECT_DIR: the temporary project, whose built `dist/` the `site` workers serve, and a spec may
 *   serve from a netlify dev of its own with other settings (support/own-server.ts).
 *
 * Set E2E_DEV_LOG=<file> to keep everything netlify dev printed.
 */
import { join } from 'node:path'

import { build } from 'vite'

import { createProjectDir, removeProjectDir, REPO_ROOT, startNetlifyDev } from '../support/netlify-dev'
import { startRestartControl } from '../support/restart-control'

/** The production build of the screen, into the temporary project's `dist/`, served by netlify dev. */
async function buildScreen(dir: string): Promise<void> {
  // Cloudinary settings of the developer's shell would send the uploads to Cloudinary: the suite
  // exercises the built-in host, so the build sees none (and no .env file: envDir is the empty copy).
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('VITE_CLOUDINARY_')) Reflect.deleteProperty(process.env, name)
  }
  await build({
    root: REPO_ROOT,
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    envDir: dir,
    logLevel: 'error',
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, sourcemap: false },
  })
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await createProjectDir()
  const logFile = process.env.E2E_DEV_LOG ? process.env.E2E_DEV_LOG : undefined
  const stops: (() => Promise<void>)[] = []
  try {
    // The build and netlify dev's start (bundling every function) overlap; netlify dev reads the static
    // files per request, so the finished build is what its first page gets.
    const [dev] = await Promise.all([startNetlifyDev(dir, { logFile }), buildScreen(dir)])
    await warmUp(dev.baseUrl)
    const control = await startRestartControl(dir, dev, logFile)
    stops.push(() => control.close())
    process.env.E2E_NETLIFY_URL = dev.baseUrl
    process.env.E2E_CONTROL_URL = control.restartUrl
    process.env.E2E_PROJECT_DIR = dir
  } catch (error) {
    await stopAll(stops)
    await removeProjectDir(dir)
    throw error
  }
  return async () => {
    await stopAll(stops)
    await removeProjectDir(dir)
  }
}

/**
 * netlify dev bundles a function on its first call, which can outlast a test's 10 s wait for the first
 * screen when the other project's browser is busy: the calls the screen makes at start are made once.
 */
async function warmUp(baseUrl: string): Promise<void> {
  const paths = ['/', '/api/media-pages?shards=0-49', '/api/folder-list', '/api/access', '/api/trash']
  await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(new URL(path, baseUrl), { signal: AbortSignal.timeout(60_000) })
      await response.arrayBuffer()
    }),
  )
}

async function stopAll(stops: readonly (() => Promise<void>)[]): Promise<void> {
  await Promise.allSettled(stops.map((stop) => stop()))
}
