import { getResponse, type RequestHandler } from 'msw'

import { cloudinaryHandlers, type CloudinaryStandInOptions } from './cloudinary-handlers'
import { startLoopbackServer } from './loopback-server'

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
  // The handlers need the server's origin, so they join once it is listening.
  const answering: RequestHandler[] = []
  const server = await startLoopbackServer(
    async (request) =>
      (await getResponse(answering, request)) ??
      Response.json({ error: { message: 'Not found' } }, { status: 404 }),
    (error) => ({ error: { message: String(error) } }),
  )
  const { origin } = server
  const { handlers, received } = cloudinaryHandlers({ ...options, apiBase: origin, deliveryBase: origin })
  answering.push(...handlers)
  return { origin, received, close: server.close }
}
