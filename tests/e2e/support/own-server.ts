/**
 * A netlify dev of a spec's own, for settings the suite's shared server must not have (an access token):
 * it serves the build the global setup made, on empty Blobs data of its own.
 */
import { cp, rm } from 'node:fs/promises'
import { join } from 'node:path'

import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../../support/netlify-dev'

export interface OwnServer {
  baseUrl: string
  stop: () => Promise<void>
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const built = process.env.E2E_PROJECT_DIR
  if (!built) throw new Error('E2E_PROJECT_DIR is not set: run the suite with `npm run e2e`')
  const dir = await createProjectDir()
  let dev: NetlifyDev
  try {
    await rm(join(dir, 'dist'), { recursive: true, force: true })
    await cp(join(built, 'dist'), join(dir, 'dist'), { recursive: true })
    dev = await startNetlifyDev(dir, { env })
  } catch (error) {
    await removeProjectDir(dir)
    throw error
  }
  return {
    baseUrl: dev.baseUrl,
    stop: async () => {
      await dev.stop()
      await removeProjectDir(dir)
    },
  }
}
