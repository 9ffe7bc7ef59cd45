import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { startNetlifyDev, type NetlifyDev } from './netlify-dev'

export interface RestartControl {
  /** The netlify dev running now (a restart replaces it, on the same directory and ports). */
  current: () => NetlifyDev
  /** `POST` here stops netlify dev and starts it again; 204 when it answers again. */
  restartUrl: string
  /** Stops the control server and netlify dev (the project directory stays for the caller). */
  close: () => Promise<void>
}

/**
 * A small HTTP server beside a global setup's netlify dev that restarts it on request, for tests that
 * check what survives a restart or that bring back a server that stopped. Its URL carries a random
 * token, so nothing else on the machine can restart it by accident.
 */
export async function startRestartControl(
  dir: string,
  first: NetlifyDev,
  logFile: string | undefined,
): Promise<RestartControl> {
  let dev = first
  let restarting: Promise<void> | null = null
  // Requests that arrive while a restart is under way wait for that one. Queued one after another, each
  // would stop the netlify dev the one before had just started: tests that found it not answering
  // during a restart kept it restarting past their timeouts.
  const restart = () =>
    (restarting ??= (async () => {
      const { ports } = dev
      await dev.stop()
      dev = await startNetlifyDev(dir, { ports, logFile })
    })().finally(() => {
      restarting = null
    }))

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

  return {
    current: () => dev,
    restartUrl: `http://127.0.0.1:${String(port)}/${token}/restart`,
    close: async () => {
      await closeServer(control)
      await restarting?.catch(() => undefined)
      await dev.stop()
    },
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
