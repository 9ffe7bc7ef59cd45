import { http, type HttpHandler } from 'msw'

import type { WebflowFake } from './webflow-fake'

/**
 * msw handlers that hand every request for the fake's Data API base (`https://api.webflow.com/v2/*` by
 * default) and for its S3 upload URL to the one in-memory fake, so unit tests and the `netlify dev`
 * stand-in see the same Webflow.
 */
export function webflowHandlers(fake: WebflowFake): HttpHandler[] {
  return [
    http.all(`${fake.apiBase}/*`, ({ request }) => fake.handle(request)),
    http.all(fake.s3Url, ({ request }) => fake.handle(request)),
  ]
}
