/**
 * One production build served as the deployed site serves it (unknown paths answer index.html), with the
 * list endpoints the screen reads at start answered from seeded data (or every `/api/` path by the real
 * functions in process, `api`), and every thumbnail answered with the same 24 KB PNG. `/api/media-pages` answers each shard range the listing worker asks for, encoded as
 * the function encodes it, so the mount figure covers decoding, indexing and rendering every record;
 * `/api/media` answers the whole list in one page (`next: null`), as the spec's plain call may.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { brotliCompressSync, constants } from 'node:zlib'

import { parseShardRange, SHARD_IDS } from '../../../src/contract/media-pages.ts'
import { encodeMediaPage } from '../../../src/contract/media-page-codec.ts'
import type { MediaRecord } from '../../../src/contract/record.ts'
import { headersForEveryPath } from '../../support/site-headers.ts'
import { thumbnailPng } from './thumbnail-png.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

export interface AppData {
  /** The records as the API's JSON page, serialised once. */
  media: Buffer
  folders: Buffer
  /** A `/api/media-pages` answer for a `shards` parameter, or null when it is not a valid range. */
  mediaPage: (shards: string | null) => Buffer | null
}

export function appData(seeded: readonly Record<string, unknown>[], folders: readonly unknown[]): AppData {
  // The benchmark's records are stored records in every field (screen-data.ts builds them so).
  const records = seeded as unknown as readonly MediaRecord[]
  const shardOf = (record: MediaRecord) => Math.floor(record.id / SHARD_IDS)
  const shardCount = records.reduce((count, record) => Math.max(count, shardOf(record) + 1), 0)
  const pages = new Map<string, Buffer>()
  return {
    media: Buffer.from(JSON.stringify({ records, next: null })),
    folders: Buffer.from(JSON.stringify(folders)),
    mediaPage: (shards) => {
      const range = parseShardRange(shards)
      if (range === null) return null
      const key = `${String(range.from)}-${String(range.to)}`
      let page = pages.get(key)
      if (!page) {
        const inRange = records.filter(
          (record) => shardOf(record) >= range.from && shardOf(record) <= range.to,
        )
        page = Buffer.from(JSON.stringify(encodeMediaPage(inRange, { ...range, shardCount })))
        pages.set(key, page)
      }
      return page
    },
  }
}

export interface AppServer {
  origin: string
  close: () => Promise<void>
}

/** Types a CDN compresses; `compress` serves them with brotli, as a deploy does. */
const COMPRESSED = /^(?:text\/|application\/json|image\/svg)/

/** The real functions' router (`routeToFunction` of lib/server-entry.ts): null for a path none serves. */
export type ApiHandler = (request: Request) => Promise<Response | null>

export interface ServeOptions {
  /**
   * Answers text (the page, scripts, styles, JSON) with brotli where the request accepts it, as
   * Netlify's CDN does, for benchmarks whose figures depend on bytes sent (Lighthouse's simulated network).
   */
  compress?: boolean
  /**
   * The site's files cached as a deploy's are: an ETag on each and a 304 to a request that names it,
   * everything revalidated on each visit (`max-age=0, must-revalidate`, Netlify's default) but Vite's
   * content-hashed files in `/assets/`, kept a year (`immutable`, as an `/assets/*` header rule would
   * keep them), with the `/*` headers of the build's `_headers` file (the Content-Security-Policy).
   */
  cdnCaching?: boolean
  /**
   * Every `/api/` and `/.netlify/functions/` path answered by the real functions (in process) instead
   * of `data`. Their answers are passed on as the functions send them: over loopback their bytes cost
   * nothing, and compressing them here would charge the CDN's work to the measured machine.
   */
  api?: ApiHandler
}

const LONG_LIVED = 'public, max-age=31536000, immutable'
/** Vite's content-hashed names (`name-[hash].ext`); `start-app.js` and `theme-init.js` keep their names. */
const HASHED = /^\/assets\/(?:.*\/)?[^/]+-[\w-]{8}\.\w+$/
const REVALIDATED = 'public, max-age=0, must-revalidate'

/** A function's answer to one request, streamed back as it comes. */
async function answerFromFunctions(
  api: ApiHandler,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  const method = incoming.method ?? 'GET'
  const chunks: Buffer[] = []
  if (method !== 'GET' && method !== 'HEAD') for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one)
  const request = new Request(`http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`, {
    method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : null,
  })
  const response = (await api(request)) ?? Response.json({ error: 'Not found' }, { status: 404 })
  outgoing.writeHead(response.status, Object.fromEntries(response.headers))
  if (response.body === null) {
    outgoing.end()
    return
  }
  await new Promise<void>((done, fail) => {
    Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
      .on('error', fail)
      .pipe(outgoing)
      .on('finish', done)
      .on('error', fail)
  })
}

export async function serveApp(
  directory: string,
  data: AppData | null,
  { compress = false, cdnCaching = false, api }: ServeOptions = {},
): Promise<AppServer> {
  const thumbnail = thumbnailPng()
  const siteHeaders = cdnCaching
    ? headersForEveryPath(await readFile(join(directory, '_headers'), 'utf8').catch(() => ''))
    : {}
  const etags = new WeakMap<Buffer, string>()
  const etagOf = (body: Buffer) => {
    let etag = etags.get(body)
    if (etag === undefined) {
      etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
      etags.set(body, etag)
    }
    return etag
  }
  const compressed = new WeakMap<Buffer, Buffer>()
  const brotli = (body: Buffer) => {
    let done = compressed.get(body)
    if (!done) {
      done = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      compressed.set(body, done)
    }
    return done
  }
  const files = new Map<string, Buffer>()
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const send = (body: Buffer, type: string, cached: Record<string, string> = {}) => {
      const accepts = /\bbr\b/.test(request.headers['accept-encoding'] ?? '')
      if (compress && accepts && COMPRESSED.test(type)) {
        const sent = brotli(body)
        response.writeHead(200, {
          ...cached,
          'Content-Type': type,
          'Content-Length': sent.length,
          'Content-Encoding': 'br',
          Vary: 'Accept-Encoding',
        })
        response.end(sent)
        return
      }
      response.writeHead(200, { ...cached, 'Content-Type': type, 'Content-Length': body.length })
      response.end(body)
    }
    /** A file of the site, with a deploy's caching when `cdnCaching`. */
    const sendFile = (body: Buffer, type: string, hashed: boolean) => {
      if (!cdnCaching) {
        send(body, type)
        return
      }
      const cached = {
        ...siteHeaders,
        'Cache-Control': hashed ? LONG_LIVED : REVALIDATED,
        ETag: etagOf(body),
      }
      if (request.headers['if-none-match'] === cached.ETag) {
        response.writeHead(304, cached).end()
        return
      }
      send(body, type, cached)
    }
    if (api !== undefined && (path.startsWith('/api/') || path.startsWith('/.netlify/functions/'))) {
      answerFromFunctions(api, request, response).catch((error: unknown) => {
        console.error(`${request.method ?? 'GET'} ${path}:`, error)
        if (!response.headersSent) response.writeHead(500)
        response.end()
      })
      return
    }
    if (data !== null && path === '/api/media-pages') {
      const page = data.mediaPage(new URL(request.url ?? '/', 'http://x').searchParams.get('shards'))
      if (page) send(page, 'application/json')
      else response.writeHead(400).end()
      return
    }
    if (data !== null && path === '/api/media') {
      send(data.media, 'application/json')
      return
    }
    if (data !== null && path === '/api/folder-list') {
      send(data.folders, 'application/json')
      return
    }
    if (path.startsWith('/.netlify/images') || path.startsWith('/HIBF_assets/')) {
      send(thumbnail, 'image/png')
      return
    }
    const file = join(directory, path)
    // Read once: the same Buffer is then compressed once.
    const known = files.get(file)
    ;(known ? Promise.resolve(known) : readFile(file))
      .then((body) => {
        files.set(file, body)
        sendFile(body, TYPES[extname(file)] ?? 'application/octet-stream', HASHED.test(path))
      })
      .catch(() =>
        readFile(join(directory, 'index.html')).then((body) => {
          sendFile(body, 'text/html', false)
        }),
      )
      .catch(() => {
        response.writeHead(500).end()
      })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => {
          done()
        })
      }),
  }
}
