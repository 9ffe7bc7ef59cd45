/**
 * The engine benchmark's origin: the page and the worker bundled by esbuild (as one module each, the
 * worker with SQLite's JS inside it), `sqlite3.wasm` beside them, and `/api/media-pages/{size}/{page}`:
 * the library of `size` seeded records in the server's own page encoding (`encodeMediaPage`), 25,000
 * ids a page, made on demand and kept for the next visit. No COOP/COEP headers: the engines must work
 * without cross-origin isolation, as the app is served today.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { resolve } from 'node:path'

import { build } from 'esbuild'

import { loadBundled } from '../lib/in-process.ts'
import { benchRecords } from '../lib/seed-records.ts'

type MediaPages = typeof import('../../../src/contract/media-pages.ts')
type MediaPageCodec = typeof import('../../../src/contract/media-page-codec.ts')
/** The contract's pages and their encoding, bundled (their imports have no extensions, which Node does not resolve). */
const { pageCountOf, pageRange, SHARD_IDS } = await loadBundled<MediaPages>(
  resolve(import.meta.dirname, '../../../src/contract/media-pages.ts'),
  'media-pages',
)
const { encodeMediaPage } = await loadBundled<MediaPageCodec>(
  resolve(import.meta.dirname, '../../../src/contract/media-page-codec.ts'),
  'media-page-codec',
)

const HERE = import.meta.dirname
const WASM = resolve(HERE, '../../../node_modules/@sqlite.org/sqlite-wasm/dist/sqlite3.wasm')
const PAGE_HTML =
  '<!doctype html><meta charset="utf-8"><title>engine</title><script type="module" src="/page.js"></script>'

export interface EngineServer {
  origin: string
  /** Pages of a library of `size` records. */
  pagesOf: (size: number) => number
  /** Bytes of page JSON for `size` records, as the server sends them. */
  jsonBytesOf: (size: number) => number
  close: () => Promise<void>
}

/** Ids 1..size in the shard layout: the records of page `page`, seeded by their first id. */
function pageRecords(size: number, page: number) {
  const { from, to } = pageRange(page)
  const first = Math.max(1, from * SHARD_IDS)
  const last = Math.min(size, (to + 1) * SHARD_IDS - 1)
  return last < first ? [] : benchRecords(last - first + 1, first, 20_261_121 + first)
}

export async function serveEngines(): Promise<EngineServer> {
  const bundles = new Map<string, string>()
  for (const [name, entry] of [
    ['page.js', 'page.ts'],
    ['engine.worker.js', 'engine.worker.ts'],
  ] as const) {
    const result = await build({
      entryPoints: [resolve(HERE, entry)],
      bundle: true,
      format: 'esm',
      target: 'es2022',
      write: false,
      minify: true,
      logLevel: 'error',
    })
    bundles.set(`/${name}`, result.outputFiles[0]?.text ?? '')
  }
  const wasm = await readFile(WASM)
  const pages = new Map<string, Buffer>()
  const shardCountOf = (size: number) => Math.floor(size / SHARD_IDS) + 1
  const pageBody = (size: number, page: number): Buffer => {
    const key = `${String(size)}/${String(page)}`
    let body = pages.get(key)
    if (body === undefined) {
      const { from, to } = pageRange(page)
      const answer = encodeMediaPage(pageRecords(size, page), { from, to, shardCount: shardCountOf(size) })
      body = Buffer.from(JSON.stringify(answer))
      pages.set(key, body)
    }
    return body
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    const send = (body: Buffer | string, type: string) => {
      response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' })
      response.end(body)
    }
    const api = /^\/api\/media-pages\/(\d+)\/(\d+)$/.exec(url.pathname)
    if (api) send(pageBody(Number(api[1]), Number(api[2])), 'application/json')
    else if (url.pathname === '/sqlite3.wasm') send(wasm, 'application/wasm')
    else if (bundles.has(url.pathname)) send(bundles.get(url.pathname) ?? '', 'text/javascript')
    else send(PAGE_HTML, 'text/html')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  const pagesOf = (size: number) => pageCountOf(shardCountOf(size))
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    pagesOf,
    jsonBytesOf: (size) =>
      Array.from({ length: pagesOf(size) }, (_, page) => pageBody(size, page).length).reduce(
        (a, b) => a + b,
        0,
      ),
    close: () =>
      new Promise((done) => {
        server.close(() => {
          done()
        })
      }),
  }
}
