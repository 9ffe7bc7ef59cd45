import type { Config } from '@netlify/functions'

import { cardPictureWidth, imageCdnThumbnail, officeViewerUrl } from '../../src/contract/access'
import { mimeFromName } from '../../src/contract/mime-from-name'
import { routePath } from '../../src/contract/routes'
import { InvalidInputError, NotFoundError } from '../server/errors'
import { signFileLink } from '../server/http/access-credentials'
import { currentAccessGate } from '../server/http/access-gate'
import { route } from '../server/http/route'
import { siteOrigins } from '../server/http/site-origin'
import { isUploadId } from '../server/uploads/upload-documents'

const HOUR_MS = 60 * 60 * 1000
const OFFICE_LINK_MS = 10 * 60 * 1000

/**
 * Thumbnail links change once an hour and stay valid for at least another hour after that, so a grid
 * asks for the same URLs all hour (the browser keeps the redirect) and a link never expires mid-load.
 */
function thumbnailWindow(now: Date) {
  const nextHour = (Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS
  return {
    expiresAt: new Date(nextHour + HOUR_MS),
    cacheSeconds: Math.floor((nextHour - now.getTime()) / 1000),
  }
}

/**
 * The file a link names, from the rewrite's `?purpose=&id=` and the name after the id in the path
 * (`/api/file-link/{purpose}/{id}/{name}`); the name keeps the extension the Office viewer goes by.
 */
function linkedFile(request: Request): { purpose: string; id: string; name: string } {
  const url = new URL(request.url)
  const purpose = url.searchParams.get('purpose') ?? ''
  const id = url.searchParams.get('id') ?? ''
  const prefix = `${routePath('fileLink', { purpose, id })}/`
  const name = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : ''
  if (!isUploadId(id) || name === '') throw new NotFoundError('File not found')
  return { purpose, id, name }
}

/**
 * The file's path, or with the gate closed its signed path until `expiresAt`: everything in the path,
 * because the netlify.toml rewrite to the file function drops the request's own query.
 */
function filePath({ id, name }: { id: string; name: string }, expiresAt: Date): string {
  const gate = currentAccessGate()
  if (gate.kind !== 'closed') return `${routePath('file', { id })}/${name}`
  const { expires, signature } = signFileLink(gate.keys, id, expiresAt)
  return `${routePath('signedFile', { expires, signature, id })}/${name}`
}

function redirect(location: string, cacheControl: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': cacheControl } })
}

/**
 * `GET /api/file-link/{thumbnail|card-320|card-480|card-640|office}/{id}/{name}`: for fetchers that cannot send the visitor's
 * cookie. Reached with the cookie, it redirects to the Image CDN's thumbnail or to Microsoft's Office
 * viewer, each given a link to the file signed for a short while (plain links when the gate is open).
 */
export default route(
  {
    GET: (request) => {
      const file = linkedFile(request)
      const now = new Date()
      const cardWidth = cardPictureWidth(file.purpose)
      if (file.purpose === 'thumbnail' || cardWidth !== null) {
        const { expiresAt, cacheSeconds } = thumbnailWindow(now)
        const source = filePath(file, expiresAt)
        const location = imageCdnThumbnail(source, mimeFromName(file.name), cardWidth ?? undefined)
        return Promise.resolve(redirect(location, `private, max-age=${String(cacheSeconds)}`))
      }
      if (file.purpose === 'office') {
        // Microsoft fetches the file from its servers, and may keep the URL: it lives ten minutes.
        const path = filePath(file, new Date(now.getTime() + OFFICE_LINK_MS))
        const absolute = new URL(path, siteOrigins(request).public).href
        return Promise.resolve(redirect(officeViewerUrl(absolute), 'no-store'))
      }
      throw new InvalidInputError(
        'A file link is for a thumbnail, a card picture (card-320, card-480 or card-640) or office',
      )
    },
  },
  { message: 'Failed to link the file' },
  'file-link',
)

// One call per thumbnail an hour (a redirect cached privately until the hour turns), so scrolling a
// large grid asks for hundreds at once; Office previews add one each.
export const config: Config = {
  rateLimit: { windowLimit: 1200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
