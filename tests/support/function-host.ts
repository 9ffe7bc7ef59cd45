/**
 * The functions served over HTTP from inside the test process: a real `node:http` server in front of the
 * real handlers (routed by `function-router.ts`, as netlify.toml routes them), on a real local Blobs
 * server (`BlobsServer`, the one netlify dev runs). The API suite runs against it at the speed of a
 * function call, instead of netlify dev's fresh worker per call (about 0.7-1 s each here).
 *
 * What only netlify dev can show (its redirects, bundling, background and scheduled functions run by the
 * CLI, the Image CDN, separate instances racing on one Blobs server, a restart) stays in tests/netlify-dev.
 */
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { getStore } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'

import { mediaStoreNames, replaceDocumentStore } from '../../netlify/server/store'
import { BlobsDocumentStore } from '../../netlify/server/storage/blobs-store'
import { BlobsByteStore } from '../../netlify/server/storage/byte-store'
import { FileKeyLock } from '../../netlify/server/storage/file-lock'
import { routeToFunction } from './function-router'
import { headersForEveryPath } from './site-headers'

type Handler = (request: Request) => Response | Promise<Response>

export interface FunctionHost {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string
  /**
   * A directory laid out like netlify dev's project directory: the Blobs data is under
   * `.netlify/blobs-serve`, so a test can look at what is stored the same way under either server.
   */
  projectDir: string
  /** Waits for background work still running, then stops both servers and removes the data. */
  stop(): Promise<void>
}

const BLOBS_TOKEN = 'function-host'
/** netlify dev's site id for a project that is not linked to a site. */
const SITE_ID = 'unlinked'
const FUNCTIONS_PREFIX = '/.netlify/functions/'

export interface FunctionHostOptions {
  /**
   * Also serve the built screen from this directory (a `dist/`), with the headers of its `_headers`
   * file, `index.html` for any other path as netlify.toml's last rewrite says, and a stand-in for the
   * Image CDN that answers with the source image unresized (fetched without the visitor's cookie, as
   * the real one does). The browser suite uses this; what needs the real CDN or netlify dev's headers
   * runs on a netlify dev of its own.
   */
  site?: string
  /** Listen on this port (0 or unset: any free one). */
  port?: number
  /** Shown every request and its answer as the answer is sent (the API suite checks it against the document). */
  observe?: (request: Request, response: Response) => void
}

/** Starts the host. Functions read `process.env` (and so `serverEnv()`) at their first call, as deployed. */
export async function startFunctionHost(options: FunctionHostOptions = {}): Promise<FunctionHost> {
  const projectDir = await mkdtemp(join(tmpdir(), 'media-function-host-'))
  const blobsDir = join(projectDir, '.netlify', 'blobs-serve')
  const lockDir = join(projectDir, '.netlify', 'blobs-locks')
  await mkdir(blobsDir, { recursive: true })
  await mkdir(lockDir, { recursive: true })
  const blobs = new BlobsServer({ directory: blobsDir, token: BLOBS_TOKEN, port: 0 })
  const { port: blobsPort } = await blobs.start()
  const blobsUrl = `http://127.0.0.1:${String(blobsPort)}`
  const store = (name: string, consistency?: 'strong') =>
    getStore({
      name,
      siteID: SITE_ID,
      token: BLOBS_TOKEN,
      edgeURL: blobsUrl,
      uncachedEdgeURL: blobsUrl,
      consistency,
    })

  // The stores are made when the first request arrives, so a test may set MEDIA_STORE or other
  // settings in process.env first.
  let storesReady = false
  const useStores = () => {
    if (storesReady) return
    storesReady = true
    const names = mediaStoreNames()
    replaceDocumentStore(
      new BlobsDocumentStore(store(names.documents, 'strong'), new FileKeyLock(lockDir)),
      new BlobsByteStore(store(names.files)),
    )
  }

  const background = new Set<Promise<unknown>>()
  const site = options.site === undefined ? undefined : await loadSite(options.site)
  const server = createServer((incoming, outgoing) => {
    useStores()
    answer(incoming, outgoing, background, site, options.observe).catch((error: unknown) => {
      console.error('function host:', error)
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' })
      outgoing.end('function host failure')
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${String(port)}`
  // As netlify dev does: the functions learn the site's address from `URL` and `DEPLOY_URL`, never from
  // a request's Host (decision 0033). Each host runs in a process of its own (a test file, a worker).
  const saved = { URL: process.env.URL, DEPLOY_URL: process.env.DEPLOY_URL }
  process.env.URL = baseUrl
  process.env.DEPLOY_URL = baseUrl

  return {
    baseUrl,
    projectDir,
    stop: async () => {
      await Promise.allSettled([...background])
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) Reflect.deleteProperty(process.env, name)
        else process.env[name] = value
      }
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      replaceDocumentStore(undefined)
      await blobs.stop()
      await rm(projectDir, { recursive: true, force: true, maxRetries: 3 })
    },
  }
}

async function answer(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  background: Set<Promise<unknown>>,
  site: Site | undefined,
  observe: FunctionHostOptions['observe'],
): Promise<void> {
  const request = toRequest(incoming)
  const { pathname } = new URL(request.url)
  const isApi = pathname.startsWith('/api/') || pathname.startsWith(FUNCTIONS_PREFIX)
  let response: Response
  if (site && pathname === IMAGE_CDN_PATH) response = await imageStandIn(request)
  else if (site && !isApi) response = await site.serve(pathname)
  else response = (await routeToFunction(request)) ?? (await byFunctionName(request, background))
  observe?.(request, response)
  await send(response, outgoing)
}

const IMAGE_CDN_PATH = '/.netlify/images'

/** The Image CDN's stand-in: the source image as it is, fetched without the visitor's credentials. */
async function imageStandIn(request: Request): Promise<Response> {
  const source = new URL(request.url).searchParams.get('url')
  if (!source) return new Response('Missing url', { status: 400 })
  const fetched = await fetch(new URL(source, request.url), { redirect: 'manual' })
  if (!fetched.ok) return new Response(`Source answered ${String(fetched.status)}`, { status: 404 })
  return new Response(fetched.body, {
    headers: { 'Content-Type': fetched.headers.get('content-type') ?? 'application/octet-stream' },
  })
}

interface Site {
  serve(pathname: string): Promise<Response>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** The built site: its files, and the headers its `_headers` file gives every path (`/*` only). */
async function loadSite(directory: string): Promise<Site> {
  const rules = await readFile(join(directory, '_headers'), 'utf8').catch(() => '')
  const headers = headersForEveryPath(rules)
  const root = resolve(directory)
  return {
    serve: async (pathname) => {
      const wanted = resolve(root, `.${decodeURIComponent(pathname)}`)
      const inside = wanted.startsWith(`${root}/`)
      const file = inside && (await isFile(wanted)) ? wanted : join(root, 'index.html')
      const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
      return new Response(await readFile(file), { headers: { ...headers, 'Content-Type': type } })
    },
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false
}

function toRequest(incoming: IncomingMessage): Request {
  const { host = '127.0.0.1' } = incoming.headers
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const method = incoming.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(`http://${host}${incoming.url ?? '/'}`, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : null,
    // @ts-expect-error -- Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
    duplex: 'half',
  })
}

/**
 * A function at its own URL, `/.netlify/functions/<name>`, as netlify dev serves every function. A
 * background function answers 202 at once and runs on; `stop()` waits for it. Anything else under /api
 * is the catch-all's 404, and any other path a plain 404 (no static site here).
 */
async function byFunctionName(request: Request, background: Set<Promise<unknown>>): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (!pathname.startsWith(FUNCTIONS_PREFIX)) {
    if (pathname.startsWith('/api/')) return (await loadHandler('api-not-found'))(request)
    return new Response('Not Found', { status: 404 })
  }
  const name = pathname.slice(FUNCTIONS_PREFIX.length).split('/', 1)[0] ?? ''
  const handler = /^[a-z0-9-]+$/.test(name) ? await loadHandler(name).catch(() => null) : null
  if (!handler) return new Response('Function not found', { status: 404 })
  if (!name.endsWith('-background')) return handler(request)
  // The body is read before answering: the caller may close the connection once it has its 202.
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' ? null : await request.arrayBuffer(),
  })
  const run: Promise<unknown> = Promise.resolve(handler(copy)).catch((error: unknown) => {
    console.error(`background function ${name}:`, error)
  })
  background.add(run)
  void run.finally(() => background.delete(run))
  return new Response(null, { status: 202 })
}

async function loadHandler(name: string): Promise<Handler> {
  const module = (await import(`../../netlify/functions/${name}.mts`)) as { default?: Handler }
  if (typeof module.default !== 'function') throw new Error(`${name} has no default handler`)
  return module.default
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value])
  })
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie])
  outgoing.writeHead(response.status, response.statusText, headers.flat())
  if (!response.body) {
    outgoing.end()
    return
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), outgoing)
}
