import { filePathOfLink, imageCdnThumbnail, type FileLinkPurpose } from '../../src/contract/access'
import { InvalidInputError, NotFoundError } from '../server/errors'
import { signFileLink } from '../server/http/access-credentials'
import { currentAccessGate } from '../server/http/access-gate'
import { route } from '../server/http/route'
import { isUploadId } from '../server/uploads/upload-documents'

const HOUR_MS = 60 * 60 * 1000
const OFFICE_LINK_MS = 10 * 60 * 1000
const OFFICE_VIEWER = 'https://view.officeapps.live.com/op/embed.aspx?src='

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

/** The path of a file of the built-in host, signed until `expiresAt` when the gate is closed. */
function filePath(request: Request, expiresAt: Date): string {
  const id = new URL(request.url).searchParams.get('id') ?? ''
  const path = filePathOfLink(new URL(request.url).pathname)
  if (!isUploadId(id) || path === null || !path.startsWith(`/api/files/${id}/`)) {
    throw new NotFoundError('File not found')
  }
  const gate = currentAccessGate()
  if (gate.kind !== 'closed') return path
  const { expires, signature } = signFileLink(gate.keys, id, expiresAt)
  return `${path}?expires=${expires}&signature=${signature}`
}

function redirect(location: string, cacheControl: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': cacheControl } })
}

/**
 * `GET /api/file-link/{id}/{name}?for=thumbnail|office`: for fetchers that cannot send the visitor's
 * cookie. Reached with the cookie, it redirects to the Image CDN's thumbnail or to Microsoft's Office
 * viewer, each given a link to the file signed for a short while (plain links when the gate is open).
 */
export default route(
  {
    GET: (request) => {
      const purpose = new URL(request.url).searchParams.get('for') as FileLinkPurpose | null
      const now = new Date()
      if (purpose === 'thumbnail') {
        const { expiresAt, cacheSeconds } = thumbnailWindow(now)
        const location = imageCdnThumbnail(filePath(request, expiresAt))
        return Promise.resolve(redirect(location, `private, max-age=${String(cacheSeconds)}`))
      }
      if (purpose === 'office') {
        // Microsoft fetches the file from its servers, and may keep the URL: it lives ten minutes.
        const path = filePath(request, new Date(now.getTime() + OFFICE_LINK_MS))
        const absolute = new URL(path, new URL(request.url).origin).href
        return Promise.resolve(redirect(OFFICE_VIEWER + encodeURIComponent(absolute), 'no-store'))
      }
      throw new InvalidInputError('for must be thumbnail or office')
    },
  },
  { message: 'Failed to link the file' },
)
