import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'

import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js'
import { parseSource } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js'
import { describe, expect, it } from 'vitest'

import {
  FUNCTION_RATE_LIMITS,
  RATE_LIMITS,
  type RateLimitPreset,
} from '../../../../netlify/server/http/rate-limits'
import type { FunctionName } from '../../../../src/contract/routes'

/**
 * Every function that accepts the access token declares a `rateLimit` in its in-source config, so the
 * token cannot be guessed at speed through any of them. The config is read here the way the build reads
 * it (zip-it-and-ship-it's static parser), because the build silently drops a `rateLimit` it cannot
 * parse or validate: only what passes here reaches the deploy manifest. Each literal must equal the
 * preset netlify/server/http/rate-limits.ts names for its function (an imported preset is not read).
 */
const FUNCTIONS = new URL('../../../../netlify/functions/', import.meta.url)

/**
 * Functions behind the gate: every function a route reaches, each with its preset
 * (netlify/server/http/rate-limits.ts).
 */
const GATED = Object.keys(FUNCTION_RATE_LIMITS) as FunctionName[]

const usersOf = (...presets: RateLimitPreset[]) =>
  GATED.filter((name) => presets.includes(FUNCTION_RATE_LIMITS[name]))

/** Functions that take no token at all. */
const NOT_GATED = [
  // Scheduled, not reachable as a route in production.
  'cleanup-uploads',
  'trash-purge',
  'webhook-retries',
  // Takes nothing from its request: sends only the webhooks that are due (decision 0072).
  'webhook-deliver-background',
  // Runs only jobs signed with the app's own secret, once each, queued by gated functions.
  'webflow-sync-background',
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

async function sourceOf(name: string) {
  return readFile(new URL(`${name}.mts`, FUNCTIONS), 'utf8')
}

describe('rate limits', () => {
  it('every function is listed, as gated or as taking no token', async () => {
    const names = (await readdir(FUNCTIONS))
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.slice(0, -4))
    const known = new Set<string>([...GATED, ...NOT_GATED])
    expect(names.filter((name) => !known.has(name))).toEqual([])
  })

  it('the lists match the code: gated functions go through route() or refuseAccess, the others do not', async () => {
    for (const name of GATED.filter(exists)) {
      expect(await sourceOf(name), name).toMatch(/\broute\(|\brefuseAccess\(/)
    }
    for (const name of NOT_GATED.filter(exists)) {
      expect(await sourceOf(name), name).not.toMatch(/\broute\(|\brefuseAccess\(/)
    }
  })

  const gated = GATED.filter(exists)

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

  it('reads only a literal: a preset imported or named in the file reaches the build as no limit', () => {
    const imported = `import { RATE_LIMITS } from '../server/http/rate-limits'
export default () => new Response()
export const config = { rateLimit: RATE_LIMITS.write }`
    const local = `const write = { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] }
export default () => new Response()
export const config = { rateLimit: write }`
    expect(parseSource(imported, { functionName: 'x' }).config.rateLimit).toBeUndefined()
    expect(parseSource(local, { functionName: 'x' }).config.rateLimit).toBeUndefined()
  })

  it.each(gated)('%s writes out exactly the preset rate-limits.ts names for it', async (name) => {
    const preset = FUNCTION_RATE_LIMITS[name]
    expect(
      await rateLimitOf(name),
      `netlify/functions/${name}.mts: config.rateLimit must be the literal of RATE_LIMITS.${preset}`,
    ).toEqual(RATE_LIMITS[preset])
  })

  const limitsOf = (names: readonly string[]) =>
    Promise.all(names.filter(exists).map(async (name) => (await rateLimitOf(name)).windowLimit))

  it('is stricter on batch deletes, deleting forever and uploads than on other writes', async () => {
    const standard = await limitsOf(usersOf('write'))
    const loosestStrict = Math.max(...(await limitsOf(usersOf('bulk', 'chunks'))))
    for (const limit of standard) expect(limit).toBeGreaterThan(loosestStrict)
  })

  it('leaves room for what a screen does: reads above writes, files and their links far above', async () => {
    const loosestWrite = Math.max(...(await limitsOf(usersOf('write'))))
    for (const limit of await limitsOf(usersOf('read'))) expect(limit).toBeGreaterThan(loosestWrite)
    // A grid of thumbnails, previews and each 8 MiB window of a download: at least 1,000 a minute.
    for (const limit of await limitsOf(usersOf('files', 'fileLinks')))
      expect(limit).toBeGreaterThanOrEqual(1_000)
    expect((await rateLimitOf('files')).windowLimit).toBeGreaterThanOrEqual(
      (await rateLimitOf('file-link')).windowLimit,
    )
  })

  it('limits sign-in attempts and the calls a screen never makes', async () => {
    expect((await rateLimitOf('access')).windowLimit).toBeLessThanOrEqual(30)
    for (const limit of await limitsOf(usersOf('webflowCheck', 'probe')))
      expect(limit).toBeLessThanOrEqual(60)
  })

  it('the scheduled functions keep their schedules and the unlisted ones no limit', async () => {
    expect((await staticConfig('cleanup-uploads')).schedule).toBe('@hourly')
    expect((await staticConfig('trash-purge')).schedule).toBe('@daily')
    expect((await staticConfig('webhook-retries')).schedule).toBe('* * * * *')
  })
})
