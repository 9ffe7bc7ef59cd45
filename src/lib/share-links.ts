import { deliversWithSettings, imageUrl } from '../contract/image-settings'
import type { MediaRecord } from '../contract/record'
import { routePrefix } from '../contract/routes'
import { FILES_PREFIX } from '../contract/upload-paths'
import { countOf } from './plural'
import { safeUrl } from './safe-url'

/**
 * Files of the built-in host, and pictures delivered with their settings, are served from these paths;
 * behind a closed access gate they need the cookie.
 */
const GATED_PATHS = [FILES_PREFIX, routePrefix('image')]

/**
 * The address Copy link gives a file: its picture with the record's crop, rotation and focal point
 * (`/api/image/{id}`, decision 0047) when it has any, else the file itself.
 */
export function recordLink(record: MediaRecord): string | null {
  return deliversWithSettings(record) ? imageUrl(record) : safeUrl(record.media_url)
}

/** What Copy link puts on the clipboard: one absolute address a line, and how to describe it. */
export interface FileLinks {
  text: string
  count: number
  /** Some of the links open only for a browser signed in to this library (access gate closed). */
  needsSignIn: boolean
}

interface LinkContext {
  /** The page's origin: a path on this site becomes an address on it. */
  origin: string
  /** The server asks for the access token, so its own files open only for a signed-in browser. */
  gateClosed: boolean
}

/** The public addresses of `records` (files without a usable address are left out), or null when none has one. */
export function fileLinks(
  records: readonly MediaRecord[],
  { origin, gateClosed }: LinkContext,
): FileLinks | null {
  const urls = records.flatMap((record) => recordLink(record) ?? [])
  if (urls.length === 0) return null
  return {
    text: urls.map((url) => new URL(url, origin).href).join('\n'),
    count: urls.length,
    needsSignIn: gateClosed && urls.some((url) => GATED_PATHS.some((path) => url.startsWith(path))),
  }
}

export const NO_LINK_TO_COPY = 'These files have no link to copy'
export const COPY_FAILED = 'Could not copy the link'
export const COPY_FAILED_HINT = 'The browser did not allow it. Open Details to select the URL instead.'

/** The toast's second line when the gate is closed: the links work only where someone signed in. */
export function signInHint(links: FileLinks): string {
  return `${links.count === 1 ? 'It opens' : 'They open'} only in a browser signed in to this library.`
}

/** 'Link copied', '3 links copied'. */
export function copiedMessage(links: FileLinks): string {
  return links.count === 1 ? 'Link copied' : `${countOf(links.count, 'link')} copied`
}
