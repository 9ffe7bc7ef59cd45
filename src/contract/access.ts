import { routePath, routePrefix } from './routes'
import { FILES_PREFIX } from './upload-paths'

/**
 * The optional access gate (set `APP_ACCESS_TOKEN` on the server): how the screen signs in, and the
 * links that let fetchers without the visitor's cookie (the Image CDN, Microsoft's Office viewer) read
 * one file of the built-in host for a short while.
 */
export const ACCESS_PATH = routePath('access')

/**
 * The HttpOnly cookie that carries the sign-in: a session id the server keeps a record of, signed with
 * an HMAC key derived from the token, never the token.
 */
export const ACCESS_COOKIE_NAME = 'mfm_access'

/** A week: long enough that a reload or a new tab never asks again, short enough that a lost cookie expires. */
export const ACCESS_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

/**
 * `DELETE /api/access` ends the session of the cookie it comes with; `DELETE /api/access?everywhere=true`
 * (which needs the cookie or the token) ends every session, in every browser.
 */
export const SIGN_OUT_EVERYWHERE_QUERY = 'everywhere'

export function signOutPath(everywhere: boolean): string {
  return everywhere ? `${ACCESS_PATH}?${SIGN_OUT_EVERYWHERE_QUERY}=true` : ACCESS_PATH
}

/**
 * Behind a closed gate every answer that passed it says so in this header (`closed`), so the first
 * page's answer tells the screen before `GET /api/access` has been asked: the first cards' pictures
 * take their signed links at once rather than wait for it (decision 0068).
 */
export const ACCESS_GATE_HEADER = 'Access-Gate'
export const ACCESS_GATE_CLOSED = 'closed'

/** Spec section 9: thumbnails are 150x150 with a filled crop. */
export const THUMBNAIL_SIZE = 150

/**
 * The widths of the card's picture at the box's own 4:3 shape, beside the spec's 150x150: the browser
 * picks one from `srcset` for the box's width and the screen's density, so a 215 px box on a 2x screen
 * gets a 480 px picture rather than 150 px stretched.
 */
export const CARD_PICTURE_WIDTHS = [320, 480, 640] as const
export type CardPictureWidth = (typeof CARD_PICTURE_WIDTHS)[number]

/**
 * A filled crop of an image on this site, made by the Netlify Image CDN: 150x150 (spec section 9), or
 * `width` wide at 4:3 for a card. An SVG is drawn as a PNG: without a format the CDN hands it back as it
 * is, which the file route serves as a download.
 */
export function imageCdnThumbnail(sourcePath: string, mime: string, width?: CardPictureWidth): string {
  const w = String(width ?? THUMBNAIL_SIZE)
  const h = String(width === undefined ? THUMBNAIL_SIZE : (width * 3) / 4)
  const thumbnail = `/.netlify/images?url=${encodeURIComponent(sourcePath)}&w=${w}&h=${h}&fit=cover`
  return mime === 'image/svg+xml' ? `${thumbnail}&fm=png` : thumbnail
}

/** How a file link names a card picture of each width. */
const CARD_PICTURE_PURPOSES = {
  320: 'card-320',
  480: 'card-480',
  640: 'card-640',
} as const satisfies Record<CardPictureWidth, string>

export function cardPicturePurpose(width: CardPictureWidth): FileLinkPurpose {
  return CARD_PICTURE_PURPOSES[width]
}

/** A card picture's width as a file link names it (`card-480`), or null for any other purpose. */
export function cardPictureWidth(purpose: string): CardPictureWidth | null {
  return CARD_PICTURE_WIDTHS.find((width) => CARD_PICTURE_PURPOSES[width] === purpose) ?? null
}

/** Microsoft's online viewer for an Office file, given the file's absolute URL; it fetches the file itself. */
export function officeViewerUrl(absoluteFileUrl: string): string {
  return `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(absoluteFileUrl)}`
}

/**
 * What a file link redirects to: the Image CDN's thumbnail or a card's picture at one of its widths, or
 * Microsoft's Office viewer.
 */
export type FileLinkPurpose = 'thumbnail' | (typeof CARD_PICTURE_PURPOSES)[CardPictureWidth] | 'office'

/**
 * `/api/file-link/{purpose}/{id}/{name}` for a file of the built-in host (`/api/files/{id}/{name}`), or
 * null for any other URL. Called with the visitor's cookie, it redirects to a signed, expiring link.
 * Everything is in the path: a netlify.toml rewrite that adds `?id=` drops the request's own query.
 */
export function fileLinkPath(mediaUrl: string, purpose: FileLinkPurpose): string | null {
  if (!mediaUrl.startsWith(FILES_PREFIX)) return null
  const rest = mediaUrl.slice(FILES_PREFIX.length).split(/[?#]/)[0] ?? ''
  if (!rest.includes('/')) return null
  return `${routePrefix('fileLink')}${purpose}/${rest}`
}
