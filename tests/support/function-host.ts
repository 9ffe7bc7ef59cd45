/**
 * The functions served over HTTP from inside the test process: a real `node:http` server in front of the
 * real handlers (routed by `function-router.ts`, as netlify.toml routes them), on a real local Blobs
 * server (`BlobsServer`, the one netlify dev runs). The API suite runs against it at the speed of a
 * function call, instead of netlify dev's fresh worker per call (about 0.7-1 s each here).
 *
 * What only netlify dev can show (its redirects, bundling, background and scheduled functions run by the
 * CLI, the Image CDN, separate instances racing on one Blobs server, a restart) stays in tests/netlify.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { getStore } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'

import { serverEnv } from '../../netlify/server/env'
import { replaceDocumentStore } from '../../netlify/server/store'
import { BlobsDocumentStore } from '../../netlify/server/storage/blobs-store'
import { BlobsByteStore } from '../../netlify/server/storage/byte-store'
import { FileKeyLock } from '../../netlify/server/storage/file-lock'
import { routeToFunction } from './function-router'

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

/** Starts the host. Functions read `process.env` (and so `serverEnv()`) at their first call, as deployed. */
export async function startFunctionHost(): Promise<FunctionHost> {
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
    const env = serverEnv()
    replaceDocumentStore(
      new BlobsDocumentStore(store(env.MEDIA_STORE, 'strong'), new FileKeyLock(lockDir)),
      new BlobsByteStore(store(env.MEDIA_FILES_STORE)),
    )
  }

  const background = new Set<Promise<unknown>>()
  const server = createServer((incoming, outgoing) => {
    useStores()
    answer(incoming, outgoing, background).catch((error: unknown) => {
      console.error('function host:', error)
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' })
      outgoing.end('function host failure')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    projectDir,
    stop: async () => {
      await Promise.allSettled([...background])
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
): Promise<void> {
  const request = toRequest(incoming)
  const response = (await routeToFunction(request)) ?? (await byFunctionName(request, background))
  await send(response, outgoing)
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
