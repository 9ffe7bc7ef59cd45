import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A real HTTP server on 127.0.0.1, for a stand-in of a third-party service that msw cannot reach. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  close: () => Promise<void>
}

/**
 * Serves `handle` on a free port of 127.0.0.1: each request as a fetch `Request` (absolute, on
 * `origin`), each answer written back as it is. A thrown error answers 500 with `failureBody(error)`,
 * in the service's own error format.
 */
export async function startLoopbackServer(
  handle: (request: Request) => Promise<Response>,
  failureBody: (error: unknown) => unknown,
): Promise<LoopbackServer> {
  let origin = ''
  const server = createServer((incoming, outgoing) => {
    void answer(incoming, outgoing)
  })
  async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    try {
      const response = await handle(await toRequest(incoming, origin))
      const body = Buffer.from(await response.arrayBuffer())
      outgoing.writeHead(response.status, Object.fromEntries(response.headers))
      outgoing.end(body)
    } catch (error) {
      outgoing.writeHead(500, { 'Content-Type': 'application/json' })
      outgoing.end(JSON.stringify(failureBody(error)))
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const method = incoming.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : null,
  })
}
