import { http, HttpResponse, passthrough, type HttpHandler } from 'msw'

import { mediaPageSchema } from '../../src/contract/api'
import { replaceDocumentStore } from '../../netlify/server/store'
import { MemoryByteStore } from '../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../netlify/server/storage/memory-store'
import { TUS_VERSION } from '../../netlify/server/uploads/tus-headers'
import { routeToFunction } from './function-router'

/** One request the API received, as the tests inspect it. */
export interface LoggedRequest {
  method: string
  path: string
  uploadOffset: string | null
  /** The `filename` of a tus creation request, decoded from `Upload-Metadata`. */
  filename: string | null
  metadata: Record<string, string>
}

/**
 * A fault the next matching request meets instead of the real handler: an HTTP answer, or a dropped
 * connection. `after: true` lets the handler run first (the server kept the bytes, the answer was lost).
 */
export interface Fault {
  method: string
  /** Matches the request path, or the tus `filename` of a creation request. */
  match: (request: LoggedRequest) => boolean
  respond: 'network' | { status: number; body?: unknown }
  after?: boolean
  /** How many requests it hits; 1 unless set. */
  times?: number
}

function decodeMetadata(header: string | null): Record<string, string> {
  const entries = (header ?? '')
    .split(',')
    .map((pair) => pair.trim().split(' '))
    .filter(([key]) => key)
    .map(([key = '', value = '']) => [key, Buffer.from(value, 'base64').toString('utf8')])
  return Object.fromEntries(entries) as Record<string, string>
}

/**
 * The app's API for component tests: every `/api` request runs the real function handler over in-memory
 * stores (CONVENTIONS 12), so the tus flow meets the real server. Faults simulate what a network does.
 */
export function createApiServer() {
  const log: LoggedRequest[] = []
  const faults: Fault[] = []
  const gates: { method: string; open: Promise<undefined> }[] = []

  const handler: HttpHandler = http.all(/\/api\/.*/, async ({ request }) => {
    const url = new URL(request.url)
    if (url.origin !== window.location.origin) return passthrough()
    const metadata = decodeMetadata(request.headers.get('upload-metadata'))
    const entry: LoggedRequest = {
      method: request.method,
      path: url.pathname,
      uploadOffset: request.headers.get('upload-offset'),
      filename: metadata.filename ?? null,
      metadata,
    }
    log.push(entry)
    const gate = gates.findIndex((waiting) => waiting.method === request.method)
    if (gate >= 0) await gates.splice(gate, 1)[0]?.open
    const index = faults.findIndex((fault) => fault.method === request.method && fault.match(entry))
    const fault = faults[index]
    if (fault) {
      fault.times = (fault.times ?? 1) - 1
      if (fault.times <= 0) faults.splice(index, 1)
      if (fault.after) await routeToFunction(request)
      if (fault.respond === 'network') return HttpResponse.error()
      return HttpResponse.json(fault.respond.body ?? { error: 'Injected failure' }, {
        status: fault.respond.status,
      })
    }
    const response = await routeToFunction(request)
    return response ?? HttpResponse.json({ error: 'No function serves this path' }, { status: 404 })
  })

  return {
    handler,
    log,
    /** Runs the real handlers on fresh in-memory stores. */
    install() {
      replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())
    },
    uninstall() {
      replaceDocumentStore(undefined)
    },
    fail(fault: Fault) {
      faults.push(fault)
    },
    /** Holds the next request of `method` until the returned function is called. */
    hold(method: string): () => void {
      const { promise, resolve } = Promise.withResolvers<undefined>()
      gates.push({ method, open: promise })
      return () => {
        resolve(undefined)
      }
    },
    /** Creates a top-level folder, so files can be uploaded into it. */
    async createFolder(name: string) {
      const response = await routeToFunction(
        new Request(`${window.location.origin}/api/folder-create`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, parent_path: '/' }),
        }),
      )
      if (!response?.ok) throw new Error(`Creating folder ${name} answered ${String(response?.status)}`)
    },
    /** The records the API holds now. */
    async records() {
      const response = await routeToFunction(new Request(`${window.location.origin}/api/media`))
      return mediaPageSchema.parse(await response?.json()).records
    },
    /**
     * Stores `file` on the built-in host (as an earlier upload did) and returns what the host answers
     * for it, with the SHA-256 the server keeps for the file.
     */
    async storeFile(file: File) {
      const call = async (path: string, init: RequestInit) => {
        const response = await routeToFunction(new Request(`${window.location.origin}${path}`, init))
        if (!response?.ok) throw new Error(`${path} answered ${String(response?.status)}`)
        return response
      }
      const tus = { 'Tus-Resumable': TUS_VERSION }
      const created = await call('/api/uploads', {
        method: 'POST',
        headers: {
          ...tus,
          'Upload-Length': String(file.size),
          'Upload-Metadata': `filename ${Buffer.from(file.name).toString('base64')}`,
        },
      })
      const id = created.headers.get('location')?.split('/').pop() ?? ''
      await call(`/api/uploads/${id}`, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(await file.arrayBuffer()),
      })
      const status = (await (await call(`/api/uploads/${id}`, { method: 'GET' })).json()) as {
        result: { secure_url: string; public_id: string; resource_type: string }
        sha256: string | null
      }
      return { ...status.result, sha256: status.sha256 }
    },
    /** The bytes served at a built-in host URL, read range by range as a player would. */
    async download(path: string): Promise<Uint8Array> {
      const parts: Uint8Array[] = []
      for (let start = 0, total = Infinity; start < total;) {
        const request = new Request(`${window.location.origin}${path}`, {
          headers: { Range: `bytes=${String(start)}-` },
        })
        const response = await routeToFunction(request)
        if (response?.status !== 206) throw new Error(`GET ${path} answered ${String(response?.status)}`)
        total = Number(response.headers.get('content-range')?.split('/')[1])
        const part = new Uint8Array(await response.arrayBuffer())
        if (part.length === 0) throw new Error(`GET ${path} sent no bytes at ${String(start)}`)
        parts.push(part)
        start += part.length
      }
      const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
      parts.reduce((offset, part) => (whole.set(part, offset), offset + part.length), 0)
      return whole
    },
  }
}

export type ApiServer = ReturnType<typeof createApiServer>
