/**
 * globalSetup of the browser suite: builds the screen into a throw-away copy of the project, starts
 * `netlify dev` on it with its own empty Blobs data (tests/api/helpers/netlify-dev.ts) and hands its address
 * to the tests through the environment, which Playwright passes on to its workers.
 *
 * - E2E_BASE_URL: the netlify dev address, read by playwright.config.ts as `baseURL`.
 * - E2E_CONTROL_URL: `POST` here stops netlify dev and starts it again on the same directory and ports
 *   (see support/server.ts); a test's fixture calls it when the server stopped answering.
 * - E2E_PROJECT_DIR: the temporary project, whose built `dist/` a spec may serve from a netlify dev of
 *   its own (support/own-server.ts).
 *
 * Set E2E_DEV_LOG=<file> to keep everything netlify dev printed.
 */
import { join } from 'node:path'

import { build } from 'vite'

import {
  createProjectDir,
  removeProjectDir,
  REPO_ROOT,
  startNetlifyDev,
  type NetlifyDev,
} from '../api/helpers/netlify-dev'
import { startRestartControl } from '../api/helpers/restart-control'

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
  const logFile = process.env.E2E_DEV_LOG ? process.env.E2E_DEV_LOG : undefined
  const dir = await createProjectDir()
  let dev: NetlifyDev
  try {
    // The build and netlify dev's start (bundling every function) overlap; the static files are read
    // per request, so the finished build is what the first page gets.
    const started = startNetlifyDev(dir, { logFile })
    const built = buildScreen(dir)
    const [startResult, buildResult] = await Promise.allSettled([started, built])
    if (startResult.status === 'rejected') throw startResult.reason
    dev = startResult.value
    if (buildResult.status === 'rejected') {
      await dev.stop()
      throw buildResult.reason
    }
  } catch (error) {
    await removeProjectDir(dir)
    throw error
  }

  const control = await startRestartControl(dir, dev, logFile)

  process.env.E2E_BASE_URL = dev.baseUrl
  process.env.E2E_CONTROL_URL = control.restartUrl
  process.env.E2E_PROJECT_DIR = dir

  return async () => {
    await control.close()
    await removeProjectDir(dir)
  }
}
