import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { WebflowFake } from './webflow-fake'

/**
 * The fake Webflow behind a real HTTP server on 127.0.0.1 (a free port), for code msw cannot reach:
 * the functions of a separate `netlify dev` process, pointed here with
 * `WEBFLOW_API_URL=<apiUrl>`. The fake's API base and S3 upload URL are moved onto this server, so the
 * presigned form it hands out is posted here too.
 */
export interface WebflowStandIn {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The Data API base to put in `WEBFLOW_API_URL`: `<origin>/v2`. */
  apiUrl: string
  close(): Promise<void>
}

export async function startWebflowStandIn(fake: WebflowFake): Promise<WebflowStandIn> {
  let origin = ''
  const server = createServer((incoming, outgoing) => {
    void answer(fake, origin, incoming, outgoing)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${String(port)}`
  fake.apiBase = `${origin}/v2`
  fake.s3Url = `${origin}/s3/webflow-prod-assets`
  return {
    origin,
    apiUrl: fake.apiBase,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

async function answer(
  fake: WebflowFake,
  origin: string,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  try {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
    }
    const method = incoming.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const request = new Request(new URL(incoming.url ?? '/', origin), {
      method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : null,
    })
    const response = await fake.handle(request)
    const body = Buffer.from(await response.arrayBuffer())
    outgoing.writeHead(response.status, Object.fromEntries(response.headers))
    outgoing.end(body)
  } catch (error) {
    outgoing.writeHead(500, { 'Content-Type': 'application/json' })
    outgoing.end(JSON.stringify({ code: 'internal_error', message: String(error) }))
  }
}
