import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { getResponse } from 'msw'

import { cloudinaryHandlers, type CloudinaryStandInOptions } from './cloudinary-handlers'

/**
 * The msw Cloudinary handlers behind a real HTTP server on 127.0.0.1 (a free port), for a browser that
 * msw cannot reach: a build pointed here with `VITE_CLOUDINARY_API_BASE=<origin>` uploads here, and
 * with `VITE_CLOUDINARY_DELIVERY_BASE=<origin>` (a custom delivery domain) its images load from here.
 */
export interface CloudinaryStandIn {
  /** `http://127.0.0.1:<port>`: the API origin and the delivery origin. */
  origin: string
  /** Every upload request received, in Cloudinary's wire format. */
  received: ReturnType<typeof cloudinaryHandlers>['received']
  close(): Promise<void>
}

export async function startCloudinaryStandIn(
  options: Omit<CloudinaryStandInOptions, 'apiBase' | 'deliveryBase'> = {},
): Promise<CloudinaryStandIn> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
  const { handlers, received } = cloudinaryHandlers({ ...options, apiBase: origin, deliveryBase: origin })
  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    void answer(incoming, outgoing)
  })

  async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
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
      const response =
        (await getResponse(handlers, request)) ??
        Response.json({ error: { message: 'Not found' } }, { status: 404 })
      const body = Buffer.from(await response.arrayBuffer())
      outgoing.writeHead(response.status, Object.fromEntries(response.headers))
      outgoing.end(body)
    } catch (error) {
      outgoing.writeHead(500, { 'Content-Type': 'application/json' })
      outgoing.end(JSON.stringify({ error: { message: String(error) } }))
    }
  }

  return {
    origin,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
