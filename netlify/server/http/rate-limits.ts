import type { FunctionName } from '../../../src/contract/routes'

/**
 * The rate limits of the functions, as named presets, and which preset each function uses.
 *
 * Netlify reads a function's `config` from its source without running it (zip-it-and-ship-it's static
 * parser), and drops a `rateLimit` that is not written out as a literal: an imported constant, or
 * even a local one, reaches the deploy as no limit at all. So each function keeps its literal, and
 * tests/netlify/server/http/rate-limits.test.ts checks that literal equals the preset named here. To change
 * a limit, change the preset and the literals of the functions that use it.
 */

/** Limits are per address (and site), over a sliding window of a minute; not emulated by netlify dev. */
const perAddressPerMinute = (windowLimit: number) =>
  ({ windowLimit, windowSize: 60, aggregateBy: ['ip', 'domain'] }) as const

export const RATE_LIMITS = {
  /** Writes: far above what a person does, low enough to slow a script down. */
  write: perAddressPerMinute(200),
  /** Writes of up to 500 files per call (batch delete, deleting forever): 10,000 files a minute. */
  bulk: perAddressPerMinute(20),
  /**
   * Imports from a URL: each fetches up to the largest file allowed on the server's own connection, so
   * far fewer than chunks; the Upload dialog sends at most 10 at once.
   */
  imports: perAddressPerMinute(30),
  /** tus chunks: every 4 MiB is a call, so about 400 MB a minute; stricter than other writes. */
  chunks: perAddressPerMinute(100),
  /** Reads the screen makes on load, on focus and after changes. */
  read: perAddressPerMinute(300),
  /** File links: one per thumbnail an hour, so scrolling a large grid asks for hundreds at once. */
  fileLinks: perAddressPerMinute(1200),
  /**
   * File bytes: every thumbnail, preview and Range window (a 500 MB download is 60 calls). A screen never
   * meets it, while a token of 24 random characters or more stays beyond guessing at this rate.
   */
  files: perAddressPerMinute(2000),
  /**
   * Transformed images (`GET /api/image/{id}`): each uncached answer decodes and encodes an image, so
   * fewer than file bytes; the CDN keeps versioned answers, so a screen asks for each at most once.
   */
  images: perAddressPerMinute(600),
  /**
   * Sign-in and accepting an invitation: slows down guessing the token (the status check on each page
   * load counts too); failed passwords are slowed further per account and address (decision 0074).
   */
  signIn: perAddressPerMinute(30),
  /** A Webflow connection test calls Webflow, whose own limit is 60 a minute. */
  webflowCheck: perAddressPerMinute(30),
  /** Paths no function serves: the screen never calls them, only probing does. */
  probe: perAddressPerMinute(60),
}

export type RateLimitPreset = keyof typeof RATE_LIMITS

/** The preset each function's `config.rateLimit` literal must equal; every routed function has one. */
export const FUNCTION_RATE_LIMITS: Record<FunctionName, RateLimitPreset> = {
  access: 'signIn',
  'access-password': 'signIn',
  'api-docs': 'read',
  'api-not-found': 'probe',
  'batch-delete': 'bulk',
  'batch-move-to-folder': 'write',
  'batch-update': 'write',
  'cloudinary-signature': 'write',
  'delete-file': 'write',
  'file-link': 'fileLinks',
  files: 'files',
  image: 'images',
  'folder-create': 'write',
  'folder-delete': 'write',
  'folder-list': 'read',
  'folder-update': 'write',
  import: 'imports',
  media: 'read',
  'media-pages': 'read',
  'media-usage': 'read',
  'media-file': 'read',
  openapi: 'read',
  people: 'write',
  'people-accept': 'signIn',
  'replace-file': 'write',
  share: 'write',
  'shared-file': 'files',
  shares: 'read',
  'trash-delete-forever': 'bulk',
  'trash-list': 'read',
  tokens: 'write',
  'trash-restore': 'write',
  'update-file': 'write',
  upload: 'write',
  uploads: 'chunks',
  'webflow-status': 'webflowCheck',
  'webflow-sync': 'write',
  'webflow-sync-all': 'write',
  activity: 'read',
  webhook: 'write',
  'webhook-deliveries': 'read',
  'webhook-delivery-retry': 'write',
  'webhook-test': 'write',
  webhooks: 'write',
}
