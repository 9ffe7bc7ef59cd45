/**
 * One production build served as the deployed site serves it (unknown paths answer index.html), with the
 * list endpoints the screen reads at start answered from seeded data, and every thumbnail answered with
 * the same 24 KB PNG. `/api/media-pages` answers each shard range the listing worker asks for, encoded as
 * the function encodes it, so the mount figure covers decoding, indexing and rendering every record;
 * `/api/media` answers the whole list in one page (`next: null`), as the spec's plain call may.
 */
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

import { encodeMediaPage, parseShardRange, SHARD_IDS } from '../../../src/contract/media-pages.ts'
import type { MediaRecord } from '../../../src/contract/record.ts'
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

/**
 * `compress`: answers text (the page, scripts, styles, JSON) with brotli where the request accepts it, as
 * Netlify's CDN does, for benchmarks whose figures depend on bytes sent (Lighthouse's simulated network).
 */
export async function serveApp(
  directory: string,
  data: AppData,
  { compress = false }: { compress?: boolean } = {},
): Promise<AppServer> {
  const thumbnail = thumbnailPng()
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
    const send = (body: Buffer, type: string) => {
      const accepts = /\bbr\b/.test(request.headers['accept-encoding'] ?? '')
      if (compress && accepts && COMPRESSED.test(type)) {
        const sent = brotli(body)
        response.writeHead(200, {
          'Content-Type': type,
          'Content-Length': sent.length,
          'Content-Encoding': 'br',
          Vary: 'Accept-Encoding',
        })
        response.end(sent)
        return
      }
      response.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length })
      response.end(body)
    }
    if (path === '/api/media-pages') {
      const page = data.mediaPage(new URL(request.url ?? '/', 'http://x').searchParams.get('shards'))
      if (page) send(page, 'application/json')
      else response.writeHead(400).end()
      return
    }
    if (path === '/api/media') {
      send(data.media, 'application/json')
      return
    }
    if (path === '/api/folder-list') {
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
        send(body, TYPES[extname(file)] ?? 'application/octet-stream')
      })
      .catch(() =>
        readFile(join(directory, 'index.html')).then((body) => {
          send(body, 'text/html')
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
