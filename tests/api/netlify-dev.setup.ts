/**
 * globalSetup of the `api` vitest project: one `netlify dev` for the whole run, on a fresh temporary
 * project directory (see `helpers/netlify-dev.ts`), so every run starts with empty Blobs data.
 *
 * Tests read `inject('apiBaseUrl')`. A test that must see the data survive a restart calls
 * `restartApiServer()` (helpers/restart.ts): it asks the small control server below to stop netlify dev
 * and start it again on the same directory and the same ports, so `apiBaseUrl` stays valid.
 *
 * Set API_TEST_DEV_LOG=<file> to keep netlify dev's output (its function errors, for example).
 */
import type { TestProject } from 'vitest/node'

import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from './helpers/netlify-dev'
import { startRestartControl } from './helpers/restart-control'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the running netlify dev, such as `http://127.0.0.1:41234`. */
    apiBaseUrl: string
    /** The temporary project directory netlify dev runs in (its data is under `.netlify/`). */
    apiProjectDir: string
    /** `POST` here stops netlify dev and starts it again on the same directory and ports. */
    apiRestartUrl: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // API_TEST_DEV_LOG=<file> keeps everything netlify dev printed, for looking into a failure.
  const logFile = process.env.API_TEST_DEV_LOG ? process.env.API_TEST_DEV_LOG : undefined
  const dir = await createProjectDir()
  let dev: NetlifyDev
  try {
    dev = await startNetlifyDev(dir, { logFile })
  } catch (error) {
    await removeProjectDir(dir)
    throw error
  }

  const control = await startRestartControl(dir, dev, logFile)

  project.provide('apiBaseUrl', dev.baseUrl)
  project.provide('apiProjectDir', dir)
  project.provide('apiRestartUrl', control.restartUrl)

  return async () => {
    await control.close()
    await removeProjectDir(dir)
  }
}
