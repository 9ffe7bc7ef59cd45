import { formatDateTime } from '../../../lib/format-date'

/** The words the screen uses for share links. */
export const SHARE_WORDS = {
  heading: 'Share links',
  none: 'No active share links.',
  create: 'Create share link',
  expiry: 'Link expires after',
  copy: 'Copy link',
  copied: 'Share link copied',
  createFailed: 'Could not create the share link',
  copyFailed: 'The share link was made but could not be copied',
  copyAgainFailed: 'Could not copy the share link',
  revoked: 'Share link revoked. It no longer opens the file.',
  revokeFailed: 'Could not revoke the share link',
  listFailed: 'Could not load the share links',
} as const

/** "Expires 2 Dec 2026, 10:00", in the visitor's own words for dates. */
export function expiryWords(expiresAt: string): string {
  return `Expires ${formatDateTime(expiresAt)}`
}

/** The success toast's detail: who can open it, and until when. */
export function copiedHint(expiresAt: string): string {
  return `Anyone with the link can open this file until ${expiryWords(expiresAt).slice('Expires '.length)}.`
}
