import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'

import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js'
import { parseSource } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js'
import { describe, expect, it } from 'vitest'

/**
 * Every function that accepts the access token declares a `rateLimit` in its in-source config, so the
 * token cannot be guessed at speed through any of them. The config is read here the way the build reads
 * it (zip-it-and-ship-it's static parser), because the build silently drops a `rateLimit` it cannot
 * parse or validate: only what passes here reaches the deploy manifest.
 */
const FUNCTIONS = new URL('../../../netlify/functions/', import.meta.url)

/** Functions behind the gate, by how strict their limit is. */
const GATED = {
  /** Writes. */
  standard: [
    'upload',
    'update-file',
    'delete-file',
    'batch-update',
    'batch-move-to-folder',
    'folder-create',
    'folder-update',
    'replace-file',
    'folder-delete',
    'webflow-sync',
    'webflow-sync-all',
    'trash-restore',
    'cloudinary-signature',
  ],
  /** Writes that do the most per call. */
  strict: ['batch-delete', 'uploads', 'trash-delete-forever'],
  /** Reads the screen makes on load and on focus. */
  reads: ['media', 'media-pages', 'folder-list', 'trash-list'],
  /** Calls per thumbnail, preview or Range window: many per minute from one screen. */
  perFile: ['files', 'file-link'],
  /** Called by hand or never by the screen. */
  rare: ['webflow-status', 'api-not-found'],
  /** The sign-in: limited against guessing (checked below). */
  signIn: ['access'],
} as const

/** Functions that take no token at all. */
const NOT_GATED = [
  // Scheduled, not reachable as a route in production.
  'cleanup-uploads',
  'trash-purge',
  // Runs only jobs signed with the app's own secret, once each, queued by gated functions.
  'webflow-sync-background',
]

const ALL_GATED: string[] = Object.values(GATED).flat()

const exists = (name: string) => existsSync(new URL(`${name}.mts`, FUNCTIONS))

async function staticConfig(name: string) {
  const source = await readFile(new URL(`${name}.mts`, FUNCTIONS), 'utf8')
  return parseSource(source, { functionName: name }).config
}

async function rateLimitOf(name: string) {
  const { rateLimit } = await staticConfig(name)
  if (!rateLimit) throw new Error(`${name} declares no rateLimit the build can read`)
  return rateLimit
}

async function sourceOf(name: string) {
  return readFile(new URL(`${name}.mts`, FUNCTIONS), 'utf8')
}

describe('rate limits', () => {
  it('every function is listed, as gated or as taking no token', async () => {
    const names = (await readdir(FUNCTIONS))
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.slice(0, -4))
    const known = new Set<string>([...ALL_GATED, ...NOT_GATED])
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })

  it('the lists match the code: gated functions go through route() or refuseAccess, the others do not', async () => {
    for (const name of ALL_GATED.filter(exists)) {
      expect(await sourceOf(name), name).toMatch(/\broute\(|\brefuseAccess\(/)
    }
    for (const name of NOT_GATED.filter(exists)) {
      expect(await sourceOf(name), name).not.toMatch(/\broute\(|\brefuseAccess\(/)
    }
  })

  const gated = ALL_GATED.filter(exists)

  it.each(gated)('%s declares a per-address rate limit the build keeps', async (name) => {
    const limit = await rateLimitOf(name)
    expect(limit.windowSize).toBe(60)
    expect(limit.windowLimit).toBeGreaterThan(0)
    // A lone string would be ignored: the build only reads an array, else it counts per domain.
    expect(limit.aggregateBy).toEqual(['ip', 'domain'])
    expect(limit.action ?? 'rate_limit').toBe('rate_limit')
    expect(getTrafficRulesConfig(limit)?.action.config.aggregate.keys).toEqual([
      { type: 'ip' },
      { type: 'domain' },
    ])
  })

  const limitsOf = (names: readonly string[]) =>
    Promise.all(names.filter(exists).map(async (name) => (await rateLimitOf(name)).windowLimit))

  it('is stricter on batch deletes, deleting forever and uploads than on other writes', async () => {
    const standard = await limitsOf(GATED.standard)
    const loosestStrict = Math.max(...(await limitsOf(GATED.strict)))
    for (const limit of standard) expect(limit).toBeGreaterThan(loosestStrict)
  })

  it('leaves room for what a screen does: reads above writes, files and their links far above', async () => {
    const loosestWrite = Math.max(...(await limitsOf(GATED.standard)))
    for (const limit of await limitsOf(GATED.reads)) expect(limit).toBeGreaterThan(loosestWrite)
    // A grid of thumbnails, previews and each 8 MiB window of a download: at least 1,000 a minute.
    for (const limit of await limitsOf(GATED.perFile)) expect(limit).toBeGreaterThanOrEqual(1_000)
    expect((await rateLimitOf('files')).windowLimit).toBeGreaterThanOrEqual(
      (await rateLimitOf('file-link')).windowLimit,
    )
  })

  it('limits sign-in attempts and the calls a screen never makes', async () => {
    expect((await rateLimitOf('access')).windowLimit).toBeLessThanOrEqual(30)
    for (const limit of await limitsOf(GATED.rare)) expect(limit).toBeLessThanOrEqual(60)
  })

  it('the scheduled functions keep their schedules and the unlisted ones no limit', async () => {
    expect((await staticConfig('cleanup-uploads')).schedule).toBe('@hourly')
    expect((await staticConfig('trash-purge')).schedule).toBe('@daily')
  })
})
