import type { Config } from '@netlify/functions'

import { API_DOCS_ROOT_ID, API_DOCS_SCRIPT, swaggerUiAsset } from '../../src/contract/api-docs'
import { routePath } from '../../src/contract/routes'
import { route } from '../server/http/route'

/**
 * The page's own Content-Security-Policy: a function's answer gets none of the site's headers in a
 * deploy (scripts/csp.ts writes those for static files), so it names its own, narrower than the app's:
 * its scripts and styles from this site (Swagger UI sets style attributes), images from this site and
 * data: URLs (its icons), and calls only to this site (the document, and "Try it out").
 */
export const API_DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Media File Manager API</title>
    <link rel="stylesheet" href="${swaggerUiAsset('style')}" />
  </head>
  <body>
    <main id="${API_DOCS_ROOT_ID}" data-document="${routePath('openapi')}">
      <noscript>The reference needs JavaScript; the document itself is at ${routePath('openapi')}.</noscript>
    </main>
    <script src="${swaggerUiAsset('script')}"></script>
    <script src="${API_DOCS_SCRIPT}"></script>
  </body>
</html>
`

/**
 * `GET /api/docs`: the API's reference page, Swagger UI over `GET /api/openapi.json`. Open with or
 * without the access gate, like the document; the assets are the build's own static files.
 */
export default route(
  {
    GET: () =>
      Promise.resolve(
        new Response(PAGE, {
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            'Content-Security-Policy': API_DOCS_POLICY,
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'public, max-age=300',
          },
        }),
      ),
  },
  { message: 'Failed to show the API reference' },
  'api-docs',
)

// Reads: a person opening the page.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
