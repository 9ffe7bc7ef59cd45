import { startLoopbackServer } from './loopback-server'
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
  const server = await startLoopbackServer(
    (request) => fake.handle(request),
    (error) => ({ code: 'internal_error', message: String(error) }),
  )
  fake.apiBase = `${server.origin}/v2`
  fake.s3Url = `${server.origin}/s3/webflow-prod-assets`
  return { origin: server.origin, apiUrl: fake.apiBase, close: server.close }
}
