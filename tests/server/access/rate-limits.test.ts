import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'

import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js'
import { parseSource } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js'
import { describe, expect, it } from 'vitest'

/**
 * Every function that changes data declares a `rateLimit` in its in-source config. The config is read
 * here the way the build reads it (zip-it-and-ship-it's static parser), because the build silently
 * drops a `rateLimit` it cannot parse or validate: only what passes here reaches the deploy manifest.
 */
const FUNCTIONS = new URL('../../../netlify/functions/', import.meta.url)

/** Writes, by how strict their limit is. */
const WRITES = {
  standard: [
    'upload',
    'update-file',
    'delete-file',
    'batch-update',
    'batch-move-to-folder',
    'folder-create',
    'folder-delete',
    'webflow-sync',
    'trash-restore',
  ],
  strict: ['batch-delete', 'uploads', 'trash-delete-forever'],
} as const

/** Functions that change nothing, or are not called by visitors, or limit themselves. */
const NOT_WRITES = [
  'media',
  'folder-list',
  'files',
  'file-link',
  'webflow-status',
  'api-not-found',
  'trash-list',
  // Scheduled, not reachable as a route in production.
  'cleanup-uploads',
  'trash-purge',
  // Runs only jobs sealed with an HMAC by the write functions, which are limited themselves.
  'webflow-sync-background',
  // The sign-in: limited against guessing (checked below).
  'access',
]

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

describe('rate limits', () => {
  it('every function is either a write (with a limit) or listed as not one', async () => {
    const names = (await readdir(FUNCTIONS))
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.slice(0, -4))
    const known = new Set<string>([...WRITES.standard, ...WRITES.strict, ...NOT_WRITES])
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })

  const writes = [...WRITES.standard, ...WRITES.strict].filter(exists)

  it.each(writes)('%s declares a per-address rate limit the build keeps', async (name) => {
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

  it('is stricter on batch deletes, deleting forever and uploads than on other writes', async () => {
    const standard = await Promise.all(WRITES.standard.filter(exists).map(rateLimitOf))
    const loosestStrict = Math.max(
      ...(await Promise.all(WRITES.strict.filter(exists).map(rateLimitOf))).map((l) => l.windowLimit),
    )
    for (const limit of standard) expect(limit.windowLimit).toBeGreaterThan(loosestStrict)
  })

  it('limits sign-in attempts', async () => {
    const limit = await rateLimitOf('access')
    expect(limit.windowLimit).toBeLessThanOrEqual(30)
    expect(limit.aggregateBy).toEqual(['ip', 'domain'])
  })

  it('the scheduled functions keep their schedules', async () => {
    expect((await staticConfig('cleanup-uploads')).schedule).toBe('@hourly')
  })
})
