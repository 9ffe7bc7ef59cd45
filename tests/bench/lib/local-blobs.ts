/**
 * A local Blobs server of a benchmark's own (`BlobsServer` from @netlify/blobs, DESIGN section 2), with
 * every HTTP call its stores make counted by kind. The counts are what the local server really served;
 * `counting-store.ts` counts the same work as the services see it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { getStore, type Store } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'

export type BlobCallKind = 'get' | 'list' | 'set' | 'delete' | 'head'
export type BlobCalls = Record<BlobCallKind, number>

export const noCalls = (): BlobCalls => ({ get: 0, list: 0, set: 0, delete: 0, head: 0 })

export function callsSince(before: BlobCalls, after: BlobCalls): BlobCalls {
  return {
    get: after.get - before.get,
    list: after.list - before.list,
    set: after.set - before.set,
    delete: after.delete - before.delete,
    head: after.head - before.head,
  }
}

export interface LocalBlobs {
  url: string
  /** The directory the server keeps its files in. */
  directory: string
  /** A store of this server whose calls are counted in `calls`. */
  store(name: string): Store
  /** Running totals over every store of this server; compare two snapshots with `callsSince`. */
  calls(): BlobCalls
  stop(): Promise<void>
}

export interface LocalBlobsOptions {
  /** Serve this directory (kept on stop) instead of a fresh temporary one (removed on stop). */
  directory?: string
  /** The site the stores belong to; netlify dev uses 'unlinked' for a project with no site. */
  siteID?: string
}

const TOKEN = 'bench'

export async function startLocalBlobs(options: LocalBlobsOptions = {}): Promise<LocalBlobs> {
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'media-bench-blobs-')))
  const siteID = options.siteID ?? 'bench'
  const server = new BlobsServer({ directory, token: TOKEN, port: 0 })
  const { port } = await server.start()
  const url = `http://127.0.0.1:${String(port)}`
  const totals = noCalls()

  const countingFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    totals[kindOf(request)]++
    return fetch(request)
  }

  return {
    url,
    directory,
    store: (name) =>
      getStore({ name, siteID, token: TOKEN, edgeURL: url, uncachedEdgeURL: url, fetch: countingFetch }),
    calls: () => ({ ...totals }),
    stop: async () => {
      await server.stop()
      if (options.directory === undefined) await rm(directory, { recursive: true, force: true })
    },
  }
}

/** The client addresses `/{siteID}/{store}/{key}`, optionally after a `region:` segment; no key is a list. */
function kindOf(request: Request): BlobCallKind {
  const method = request.method.toUpperCase()
  if (method === 'PUT') return 'set'
  if (method === 'DELETE') return 'delete'
  if (method === 'HEAD') return 'head'
  const segments = new URL(request.url).pathname.split('/').filter(Boolean)
  const path = segments[0]?.startsWith('region:') ? segments.slice(1) : segments
  return path.length <= 2 ? 'list' : 'get'
}
