/**
 * globalSetup of the `netlify` vitest project: one `netlify dev` shared by the project's files, on a
 * fresh temporary project directory (see `netlify-dev.ts`), so every run starts with
 * empty Blobs data. Tests read `inject('apiBaseUrl')` through `baseUrl()` in the API helpers. A file
 * that needs other settings or a restart starts a netlify dev of its own, so the files can run side by
 * side.
 *
 * Set API_TEST_DEV_LOG=<file> to keep netlify dev's output (its function errors, for example).
 */
import type { TestProject } from 'vitest/node'

import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from './netlify-dev'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the running netlify dev, such as `http://127.0.0.1:41234`. */
    apiBaseUrl: string
    /** The temporary project directory netlify dev runs in (its data is under `.netlify/`). */
    apiProjectDir: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logFile = process.env.API_TEST_DEV_LOG ? process.env.API_TEST_DEV_LOG : undefined
  const dir = await createProjectDir()
  let dev: NetlifyDev
  try {
    dev = await startNetlifyDev(dir, { logFile })
  } catch (error) {
    await removeProjectDir(dir)
    throw error
  }

  project.provide('apiBaseUrl', dev.baseUrl)
  project.provide('apiProjectDir', dir)

  return async () => {
    await dev.stop()
    await removeProjectDir(dir)
  }
}
