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
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { TestProject } from 'vitest/node'

import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from './helpers/netlify-dev'

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

  let restarting: Promise<void> = Promise.resolve()
  const restart = () => {
    restarting = restarting
      .catch(() => undefined)
      .then(async () => {
        const { ports } = dev
        await dev.stop()
        dev = await startNetlifyDev(dir, { ports, logFile })
      })
    return restarting
  }

  const token = randomUUID()
  const control = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== `/${token}/restart`) {
      response.writeHead(404).end()
      return
    }
    restart().then(
      () => response.writeHead(204).end(),
      (error: unknown) => {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message)
      },
    )
  })
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve))
  const { port } = control.address() as AddressInfo

  project.provide('apiBaseUrl', dev.baseUrl)
  project.provide('apiProjectDir', dir)
  project.provide('apiRestartUrl', `http://127.0.0.1:${String(port)}/${token}/restart`)

  return async () => {
    await closeServer(control)
    await restarting.catch(() => undefined)
    await dev.stop()
    await removeProjectDir(dir)
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) =>
    server.close(() => {
      resolve()
    }),
  )
}
