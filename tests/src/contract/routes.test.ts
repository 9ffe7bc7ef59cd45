import { readdirSync, readFileSync } from 'node:fs'

import { parseSource } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js'
import { describe, expect, it } from 'vitest'

import { ACCESS_PATH } from '../../../src/contract/access'
import { ENDPOINTS } from '../../../src/contract/api'
import {
  API_ROUTES,
  functionUrl,
  matchRoute,
  netlifyRedirects,
  routePath,
  routePrefix,
  type RouteName,
} from '../../../src/contract/routes'
import { builtInFileUrl, FILES_PREFIX, UPLOADS_PATH } from '../../../src/contract/uploads'

const ROOT = new URL('../../../', import.meta.url)

interface Redirect {
  from?: string
  to?: string
  status?: number
}

/**
 * The `[[redirects]]` blocks of a netlify.toml, in order: each block's `key = value` lines up to the
 * next table header. Only what netlify.toml uses there (strings, integers, comments) is understood.
 */
function parseRedirects(toml: string): Redirect[] {
  const redirects: Redirect[] = []
  let current: Record<string, string | number> | null = null
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim()
    if (line === '' || line.startsWith('#')) continue
    if (line.startsWith('[')) {
      current = line === '[[redirects]]' ? {} : null
      if (current) redirects.push(current)
      continue
    }
    if (!current) continue
    const match = /^(\w+)\s*=\s*(?:"([^"]*)"|(\d+))$/.exec(line)
    if (!match?.[1]) throw new Error(`netlify.toml: cannot read redirect line "${line}"`)
    current[match[1]] = match[2] ?? Number(match[3])
  }
  return redirects
}

const describeRedirect = (redirect: Redirect | undefined) =>
  redirect ? `${String(redirect.from)} -> ${String(redirect.to)} (${String(redirect.status)})` : 'nothing'

/** Functions that no route reaches, by design: run on a schedule or as background work. */
const NOT_ROUTED = {
  'cleanup-uploads': 'scheduled',
  'trash-purge': 'scheduled',
  'webflow-sync-background': 'background',
  'webhook-deliver-background': 'background',
  'webhook-retries': 'scheduled',
} as const

describe('the route table', () => {
  it('reads netlify.toml redirect blocks in order', () => {
    const toml =
      '[build]\n  publish = "dist"\n[[redirects]]\n  from = "/a"  # why\n  to = "/b"\n  status = 200\n'
    expect(parseRedirects(toml)).toEqual([{ from: '/a', to: '/b', status: 200 }])
  })

  it('is exactly the redirects of netlify.toml, in the same order', () => {
    const actual = parseRedirects(readFileSync(new URL('netlify.toml', ROOT), 'utf8'))
    const expected = netlifyRedirects()
    const length = Math.max(actual.length, expected.length)
    for (let index = 0; index < length; index += 1) {
      const [have, want] = [actual[index], expected[index]]
      expect(
        have,
        `netlify.toml redirect ${String(index + 1)} is ${describeRedirect(have)}; ` +
          `src/contract/routes.ts says ${describeRedirect(want)}`,
      ).toEqual(want)
    }
  })

  it('reaches every function file, or the file runs on a schedule or in the background', () => {
    const files = readdirSync(new URL('netlify/functions/', ROOT))
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.slice(0, -'.mts'.length))
    const routed = new Set<string>(API_ROUTES.map((route) => route.function))
    const missing = files.filter((name) => !routed.has(name) && !(name in NOT_ROUTED))
    expect(
      missing,
      `netlify/functions/ has no route in src/contract/routes.ts for: ${missing.join(', ')}`,
    ).toEqual([])
    const absent = [...routed, ...Object.keys(NOT_ROUTED)].filter((name) => !files.includes(name))
    expect(absent, `no file in netlify/functions/ for: ${absent.join(', ')}`).toEqual([])
  })

  it.each(Object.entries(NOT_ROUTED))('%s is really %s', (name, kind) => {
    const source = readFileSync(new URL(`netlify/functions/${name}.mts`, ROOT), 'utf8')
    const { config } = parseSource(source, { functionName: name })
    if (kind === 'scheduled') expect(config.schedule, name).toBeTruthy()
    // Netlify runs a function in the background by its `-background` name alone.
    else expect(name.endsWith('-background') || config.background === true, name).toBe(true)
  })

  it('passes path parts on as the query in the rewrite order', () => {
    expect(matchRoute('/api/update/7')).toMatchObject({
      route: { function: 'update-file' },
      query: { id: '7' },
    })
    expect(matchRoute('/api/files/up_1/cat%20photo.jpg')?.query).toEqual({ id: 'up_1' })
    expect(matchRoute('/api/files/up_1')?.route.name).toBe('file')
    expect(matchRoute('/api/file-link/thumb/up_1/a.jpg')?.query).toEqual({ purpose: 'thumb', id: 'up_1' })
    expect(Object.entries(matchRoute('/api/signed-files/99/sig/up_1/a.jpg')?.query ?? {})).toEqual([
      ['id', 'up_1'],
      ['expires', '99'],
      ['signature', 'sig'],
    ])
  })

  it('serves batch move at /api and at its function URL, and leaves other paths to the fallback', () => {
    expect(matchRoute('/api/batch-move-to-folder')?.route.function).toBe('batch-move-to-folder')
    expect(matchRoute('/.netlify/functions/batch-move-to-folder')?.route.function).toBe(
      'batch-move-to-folder',
    )
    expect(matchRoute('/.netlify/functions/media')).toBeNull()
    expect(matchRoute('/api/nothing-here')).toBeNull()
    expect(matchRoute('/api/nothing-here', { fallback: true })?.route.function).toBe('api-not-found')
    expect(matchRoute('/api/update/7/extra')).toBeNull()
  })

  it('fills in and encodes path parts, and refuses a missing one', () => {
    expect(routePath('fileLink', { purpose: 'thumb', id: 'a/b' })).toBe('/api/file-link/thumb/a%2Fb')
    expect(() => routePath('update')).toThrow('Route update needs id')
  })
})

describe('paths the screen calls', () => {
  it('every ENDPOINTS entry is the route of the same name', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      // An id (or shard range) of 7 fills in every path part.
      const path =
        typeof endpoint === 'string'
          ? endpoint
          : (endpoint as (...parts: never[]) => string)(7 as never, 7 as never)
      const pathname = new URL(path, 'http://localhost').pathname
      expect(matchRoute(pathname)?.route.name, `ENDPOINTS.${name} = ${path}`).toBe(name as RouteName)
    }
    expect(ENDPOINTS.batchMoveToFolder).toBe(functionUrl('batch-move-to-folder'))
    expect(ENDPOINTS.mediaPages('0-3')).toBe('/api/media-pages?shards=0-3')
  })

  it('the other paths the contract names are routes too', () => {
    expect(matchRoute(ACCESS_PATH)?.route.function).toBe('access')
    expect(matchRoute(UPLOADS_PATH)?.route.function).toBe('uploads')
    expect(matchRoute(`${FILES_PREFIX}up_1/a.jpg`)?.route.function).toBe('files')
    expect(matchRoute(builtInFileUrl('up_1', 'a b.jpg'))?.query).toEqual({ id: 'up_1' })
  })

  it('names the fixed start of a route, up to its first part', () => {
    expect(routePrefix('file')).toBe('/api/files/')
    expect(routePrefix('fileLink')).toBe('/api/file-link/')
    expect(routePrefix('access')).toBe('/api/access')
  })
})
