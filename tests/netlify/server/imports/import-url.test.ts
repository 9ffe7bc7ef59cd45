import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { ConflictError, InvalidInputError, PayloadTooLargeError } from '../../../../netlify/server/errors'
import { importFromUrl, type ImportOptions } from '../../../../netlify/server/imports/import-file'
import { idempotencyClaim } from '../../../../netlify/server/records/idempotency'
import {
  pinnedHttps,
  pinnedLookup,
  type Connector,
  type ResolvedAddress,
  type Resolver,
} from '../../../../netlify/server/imports/remote-fetch'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { readManifest, type MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import type { ImportFields } from '../../../../src/contract/imports'
import { MAX_CHUNK_BYTES } from '../../../../src/contract/uploads'
import { referenceFingerprint } from '../../../support/reference-fingerprint'

/**
 * Imports from a URL (decision 0048) against a loopback server standing in for the internet: a test-only
 * resolver names its hosts, and a test-only connector sends every request the import makes to that
 * server. The connector is a hole straight to the canary, so a refusal that shows 0 requests there
 * proves the address was refused before any connection was made.
 */

const PUBLIC = '93.184.215.14'
const HOSTS: Record<string, string[]> = {
  'files.example.com': [PUBLIC],
  'cdn.example.net': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'private.example.com': ['10.0.0.5'],
  'canary.example.com': ['127.0.0.1'],
  'mixed.example.com': [PUBLIC, '127.0.0.1'],
  'mapped.example.com': ['::ffff:192.168.1.1'],
  'metadata.example.com': ['169.254.169.254'],
}

const resolverCalls: string[] = []
const resolver: Resolver = (hostname) => {
  resolverCalls.push(hostname)
  const addresses = HOSTS[hostname]
  if (!addresses) return Promise.reject(new Error(`ENOTFOUND ${hostname}`))
  return Promise.resolve(
    addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
  )
}

type Route = (request: IncomingMessage, response: ServerResponse) => void
const routes = new Map<string, Route>()
const canary = { requests: [] as string[], connections: 0 }
let port = 0
let server: ReturnType<typeof createServer>

/** Sends the import's request to the canary, whatever address was checked. */
const connectors: { address: string; host: string }[] = []
const toCanary: Connector = (url, address, signal) =>
  new Promise((resolve, reject) => {
    connectors.push({ address: address.address, host: url.hostname })
    const request = httpRequest(
      { host: '127.0.0.1', port, path: url.pathname + url.search, headers: { Host: url.host }, signal },
      (response) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers.set(name, value)
        }
        resolve({
          status: response.statusCode ?? 0,
          headers,
          body: response,
          discard: () => response.destroy(),
        })
      },
    )
    request.on('error', reject)
    request.end()
  })

beforeAll(async () => {
  server = createServer((request, response) => {
    canary.requests.push(`${request.headers.host ?? ''}${request.url ?? ''}`)
    const route = routes.get(request.url ?? '')
    if (route) route(request, response)
    else response.writeHead(404).end('not here')
  })
  server.on('connection', () => {
    canary.connections += 1
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

let stores: MediaHostStores
beforeEach(() => {
  stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
  routes.clear()
  canary.requests = []
  canary.connections = 0
  connectors.length = 0
  resolverCalls.length = 0
})

function options(overrides: Partial<ImportOptions> = {}): ImportOptions {
  return {
    stores,
    settings: { maxUploadBytes: 16 * 1024 * 1024, expiryMs: 3_600_000 },
    timeLimitMs: 5_000,
    seams: { resolve: resolver, connect: toCanary },
    ...overrides,
  }
}

/** A PNG's signature and IHDR: enough for the sniffing and the dimensions. */
function png(width: number, height: number, size = 200): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  bytes.set([8, 6, 0, 0, 0], 24)
  return bytes
}

function serve(path: string, body: Uint8Array | string, headers: Record<string, string> = {}): void {
  routes.set(path, (_request, response) => {
    response.writeHead(200, headers)
    response.end(body)
  })
}

function redirect(path: string, location: string): void {
  routes.set(path, (_request, response) => {
    response.writeHead(302, { Location: location }).end()
  })
}

async function storedKeys(): Promise<string[]> {
  const documents = await stores.documents.list('')
  const bytes = await stores.bytes.list('')
  return [...documents.map(({ key }) => key).filter((key) => key !== 'folders'), ...bytes]
}

async function refusal(
  url: string,
  overrides: Partial<ImportOptions> = {},
  fields: ImportFields = {},
): Promise<Error> {
  const error = await importFromUrl(url, fields, options(overrides)).then(
    () => new Error('imported'),
    (thrown: unknown) => thrown as Error,
  )
  expect(error.message).not.toBe('imported')
  return error
}

describe('importing from a URL: addresses refused before any connection', () => {
  it.each([
    ['https://localhost/a.png', /this server itself/],
    ['https://files.localhost/a.png', /this server itself/],
    ['https://127.0.0.1/a.png', /this server itself/],
    ['https://2130706433/a.png', /this server itself/],
    ['https://0x7f.1/a.png', /this server itself/],
    ['https://[::1]/a.png', /this server itself/],
    ['https://[::ffff:127.0.0.1]/a.png', /this server itself/],
    ['https://[::ffff:a00:1]/a.png', /private network/],
    ['https://[64:ff9b::c0a8:101]/a.png', /private network/],
    ['https://[2002:c0a8:101::1]/a.png', /private network/],
    ['https://10.1.2.3/a.png', /private network/],
    ['https://172.16.5.4/a.png', /private network/],
    ['https://192.168.0.1/a.png', /private network/],
    ['https://100.64.0.1/a.png', /shared network/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://[fe80::1]/a.png', /link-local/],
    ['https://[fc00::1]/a.png', /private network/],
    ['https://[fd12:3456::1]/a.png', /private network/],
    ['https://224.0.0.1/a.png', /multicast/],
    ['https://[ff02::1]/a.png', /multicast/],
    ['https://0.0.0.0/a.png', /not a real destination/],
    ['https://[::]/a.png', /not a real destination/],
    ['https://255.255.255.255/a.png', /broadcast/],
    ['https://192.0.2.1/a.png', /reserved range/],
    ['https://[2001:db8::1]/a.png', /reserved range/],
    ['https://canary.example.com/a.png', /this server itself/],
    ['https://private.example.com/a.png', /private network/],
    ['https://mixed.example.com/a.png', /this server itself/],
    ['https://mapped.example.com/a.png', /private network/],
    ['https://metadata.example.com/a.png', /link-local/],
    ['https://intranet/a.png', /no domain/],
    ['http://files.example.com/a.png', /http:\/\/, which is not encrypted/],
    ['file:///etc/passwd', /starts with file:/],
    ['data:image/png;base64,iVBORw0KGgo=', /starts with data:/],
    ['ftp://files.example.com/a.png', /starts with ftp:/],
    ['gopher://files.example.com/a.png', /starts with gopher:/],
    ['https://user:secret@files.example.com/a.png', /user name or password/],
    ['https://files.example.com:8443/a.png', /port 8443/],
    ['not an address', /not a web address/],
  ])('%s is refused (400), with 0 requests reaching the canary', async (url, reason) => {
    serve('/a.png', png(4, 3))
    const error = await refusal(url)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect(error.message).toMatch(reason)
    expect(error.message).toMatch(/^(That|The) /)
    expect(canary.connections).toBe(0)
    expect(canary.requests).toEqual([])
    expect(await storedKeys()).toEqual([])
  })

  it('resolves a name once and connects to the address it checked, so a second answer cannot switch it', async () => {
    serve('/a.png', png(4, 3))
    let answers = 0
    const rebinding: Resolver = () => {
      answers += 1
      return Promise.resolve([{ address: answers === 1 ? PUBLIC : '127.0.0.1', family: 4 }])
    }
    await importFromUrl(
      'https://rebind.example.org/a.png',
      {},
      options({ seams: { resolve: rebinding, connect: toCanary } }),
    )
    expect(answers).toBe(1)
    expect(connectors).toEqual([{ address: PUBLIC, host: 'rebind.example.org' }])
  })

  it('checks where the socket really connected before anything is sent over it', async () => {
    // A TCP listener on loopback: the https connection reaches it, and is dropped on connecting, before
    // the TLS handshake (so before any request) could happen.
    const received: Buffer[] = []
    const listener = createNetServer((socket) => {
      socket.on('data', (data: Buffer) => received.push(data))
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port: tcpPort } = listener.address() as AddressInfo
    const url = new URL(`https://files.example.com:${String(tcpPort)}/a.png`)
    const error = await pinnedHttps(
      url,
      { address: '127.0.0.1', family: 4 },
      new AbortController().signal,
    ).then(
      () => null,
      (thrown: unknown) => thrown as Error,
    )
    await new Promise<void>((resolve) =>
      listener.close(() => {
        resolve()
      }),
    )
    expect(error?.message).toBe('That address points at this server itself, so it cannot be imported.')
    expect(Buffer.concat(received).toString('latin1')).not.toMatch(/GET|files\.example\.com\/a\.png/)
  })

  it('pins the connection: its lookup answers the checked address whatever name it is asked', () => {
    const lookup = pinnedLookup({ address: PUBLIC, family: 4 })
    const single: unknown[] = []
    lookup('elsewhere.internal', {}, (...args: unknown[]) => single.push(...args))
    expect(single).toEqual([null, PUBLIC, 4])
    const all: unknown[] = []
    lookup('elsewhere.internal', { all: true }, (...args: unknown[]) => all.push(...args))
    expect(all).toEqual([null, [{ address: PUBLIC, family: 4 }]])
  })
})

describe('importing from a URL: redirects', () => {
  it('refuses a redirect to a private address after the one request that asked', async () => {
    redirect('/go', 'https://private.example.com/a.png')
    const error = await refusal('https://files.example.com/go')
    expect(error.message).toBe(
      'It redirects to https://private.example.com/a.png. That address is inside a private network, so it cannot be imported.',
    )
    expect(canary.requests).toEqual(['files.example.com/go'])
    expect(await storedKeys()).toEqual([])
  })

  it.each([
    ['https://127.0.0.1/a.png', /this server itself/],
    ['https://[::ffff:169.254.169.254]/latest', /link-local/],
    ['http://files.example.com/a.png', /not encrypted/],
    ['file:///etc/passwd', /starts with file:/],
  ])('refuses a redirect to %s', async (location, reason) => {
    redirect('/go', location)
    const error = await refusal('https://files.example.com/go')
    expect(error.message).toMatch(reason)
    expect(canary.requests).toEqual(['files.example.com/go'])
  })

  it('follows 3 redirects, each to a checked address, and refuses a 4th', async () => {
    serve('/file.png', png(8, 6))
    redirect('/hop1', '/file.png')
    redirect('/hop2', 'https://cdn.example.net/hop1')
    redirect('/hop3', 'https://files.example.com/hop2')
    redirect('/hop4', '/hop3')
    const record = await importFromUrl('https://files.example.com/hop3', {}, options())
    expect(record.width).toBe(8)
    expect(canary.requests).toEqual([
      'files.example.com/hop3',
      'files.example.com/hop2',
      'cdn.example.net/hop1',
      'cdn.example.net/file.png',
    ])
    expect(resolverCalls).toEqual([
      'files.example.com',
      'files.example.com',
      'cdn.example.net',
      'cdn.example.net',
    ])

    stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
    canary.requests = []
    const error = await refusal('https://files.example.com/hop4')
    expect(error.message).toBe(
      "That address redirects more than 3 times, so it cannot be imported. Use the file's final address.",
    )
    expect(canary.requests).toHaveLength(4)
    expect(await storedKeys()).toEqual([])
  })
})

describe('importing from a URL: what is stored', () => {
  it('names the type from the first bytes, not Content-Type or the extension, and reads the dimensions', async () => {
    serve('/photos/cat.jpg', png(640, 480), { 'Content-Type': 'text/html' })
    const record = await importFromUrl(
      'https://files.example.com/photos/cat.jpg',
      { tags: ['cats'], folder_path: '/', alt_text: 'A cat' },
      options(),
    )
    expect(record).toMatchObject({
      title: 'cat',
      file_type: 'image/png',
      format: 'png',
      file_size: 200,
      width: 640,
      height: 480,
      tags: ['cats'],
      alt_text: 'A cat',
      category: 'Images',
    })
    expect(record.media_url).toMatch(/^\/api\/files\/[\w-]+\/cat\.png$/)
    const manifest = await readManifest(stores.documents, record.media_url.split('/')[3] ?? '')
    expect(manifest).toMatchObject({ name: 'cat.png', content_type: 'image/png', disposition: 'inline' })
  })

  it('takes the name from Content-Disposition, cleaned', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n')
    serve('/download?id=7', pdf, {
      'Content-Disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''..%2Fr%C3%A9port%0A.pdf`,
    })
    const record = await importFromUrl(
      'https://files.example.com/download?id=7',
      { title: 'Report' },
      options(),
    )
    expect(record.title).toBe('Report')
    expect(record.media_url).toMatch(/\/\.\._r%C3%A9port\.pdf$/)
    expect(record.file_type).toBe('application/pdf')
  })

  it('gives a file whose bytes say nothing known its own name, served as a download', async () => {
    serve('/data.bin', new Uint8Array([0, 1, 2, 3, 4]))
    const record = await importFromUrl('https://files.example.com/data.bin', {}, options())
    const manifest = await readManifest(stores.documents, record.media_url.split('/')[3] ?? '')
    expect(manifest).toMatchObject({
      name: 'data.bin',
      content_type: 'application/octet-stream',
      disposition: 'attachment',
    })
  })

  it('streams a file of several chunks into the store, whole and with its fingerprint', async () => {
    const bytes = new Uint8Array(2 * MAX_CHUNK_BYTES + 12_345)
    bytes.set(png(20, 10))
    for (let index = 200; index < bytes.length; index += 4099) bytes[index] = index % 251
    routes.set('/big.png', (_request, response) => {
      // Sent in small pieces without Content-Length, as a streaming server would.
      response.writeHead(200)
      for (let start = 0; start < bytes.length; start += 65_536)
        response.write(bytes.subarray(start, start + 65_536))
      response.end()
    })
    const record = await importFromUrl('https://files.example.com/big.png', {}, options())
    expect(record.file_size).toBe(bytes.length)
    expect(record.sha256).toBe(referenceFingerprint(bytes))
    const manifest = await readManifest(stores.documents, record.media_url.split('/')[3] ?? '')
    expect(manifest?.chunks.map((chunk) => chunk.size)).toEqual([MAX_CHUNK_BYTES, MAX_CHUNK_BYTES, 12_345])
    expect(manifest?.width).toBe(20)
    expect(await stores.documents.list('uploads/')).toEqual([])
  })

  it('refuses a web page, an empty answer and an error status, storing nothing', async () => {
    serve('/page', '<!DOCTYPE html><html><body>Download here</body></html>', { 'Content-Type': 'image/png' })
    serve('/empty.png', '')
    expect((await refusal('https://files.example.com/page')).message).toMatch(/gives a web page, not a file/)
    expect((await refusal('https://files.example.com/empty.png')).message).toMatch(/is empty/)
    expect((await refusal('https://files.example.com/missing.png')).message).toBe(
      'The server at that address answered 404 instead of a file. Check the address.',
    )
    expect(await storedKeys()).toEqual([])
  })

  it('blames the address for a name that does not exist, and the server when it cannot look up any name', async () => {
    const unknown = 'https://nowhere.example.org/photo.jpg'
    const lookups = (works: boolean) => ({
      seams: { resolve: resolver, resolvesNames: () => Promise.resolve(works), connect: toCanary },
    })
    const missing = await refusal(unknown, lookups(true))
    expect(missing).toBeInstanceOf(InvalidInputError)
    expect(missing.message).toBe('The name nowhere.example.org could not be found. Check the address.')
    // The server is cut off from the internet: every lookup fails, often as a missing name would.
    const offline = await refusal(unknown, lookups(false))
    expect(offline.message).toBe(
      'The server cannot reach the internet right now, so it could not look up nowhere.example.org. The address may be fine: try again later.',
    )
    expect(canary.connections).toBe(0)
  })

  it('refuses a folder that does not exist before fetching anything', async () => {
    serve('/a.png', png(4, 3))
    const error = await refusal('https://files.example.com/a.png', {}, { folder_path: '/Nowhere' })
    expect(error.message).toBe('Folder /Nowhere not found')
    expect(canary.requests).toEqual([])
  })
})

describe('importing from a URL: size and time', () => {
  const settings = { maxUploadBytes: MAX_CHUNK_BYTES + 1_000_000, expiryMs: 3_600_000 }

  it('refuses mid-stream a body past the limit that declared no length, with nothing left stored', async () => {
    let sent = 0
    routes.set('/huge.png', (_request, response) => {
      response.writeHead(200)
      const piece = png(1, 1, 65_536)
      const write = () => {
        while (sent < 3 * MAX_CHUNK_BYTES) {
          sent += piece.length
          if (!response.write(piece)) {
            response.once('drain', write)
            return
          }
        }
        response.end()
      }
      write()
      response.on('close', () => undefined)
    })
    const error = await refusal('https://files.example.com/huge.png', { settings })
    expect(error).toBeInstanceOf(PayloadTooLargeError)
    expect(error.message).toBe(
      `The file at that address is larger than ${String(settings.maxUploadBytes)} bytes, the largest file allowed.`,
    )
    // The first chunk had been stored when the limit was passed: it is gone again.
    expect(await storedKeys()).toEqual([])
    expect(sent).toBeLessThan(3 * MAX_CHUNK_BYTES)
  })

  it('refuses at once a Content-Length past the limit', async () => {
    routes.set('/declared.png', (_request, response) => {
      response.writeHead(200, { 'Content-Length': String(settings.maxUploadBytes + 1) })
      response.write(png(1, 1))
    })
    const error = await refusal('https://files.example.com/declared.png', { settings })
    expect(error).toBeInstanceOf(PayloadTooLargeError)
    expect(await storedKeys()).toEqual([])
  })

  it('refuses a file that does not arrive within the time limit, with nothing left stored', async () => {
    routes.set('/slow.png', (_request, response) => {
      response.writeHead(200)
      response.write(png(1, 1, MAX_CHUNK_BYTES + 10))
      // ...and never ends.
    })
    const started = Date.now()
    const error = await refusal('https://files.example.com/slow.png', { timeLimitMs: 400 })
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(error.message).toBe(
      'The file at that address did not arrive within 0.4 seconds, so it was not imported. Download it and upload it instead.',
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await storedKeys()).toEqual([])
  })
})

describe('importing from a URL: the same Idempotency-Key again', () => {
  const claimFor = (key: string, url: string, fields: ImportFields = {}) =>
    idempotencyClaim(key, { url, ...fields })

  it('answers a retry with the record the first made, without fetching the file again', async () => {
    serve('/a.png', png(4, 3))
    const url = 'https://files.example.com/a.png'
    const first = await importFromUrl(
      url,
      { title: 'A' },
      options({ claim: claimFor('k1', url, { title: 'A' }) }),
    )
    const again = await importFromUrl(
      url,
      { title: 'A' },
      options({ claim: claimFor('k1', url, { title: 'A' }) }),
    )
    expect(again).toEqual(first)
    expect(canary.requests).toHaveLength(1)
    // Another key is another import of the same file.
    const other = await importFromUrl(
      url,
      { title: 'A' },
      options({ claim: claimFor('k2', url, { title: 'A' }) }),
    )
    expect(other.id).not.toBe(first.id)
  })

  it('refuses the key sent with another address, before any connection', async () => {
    serve('/a.png', png(4, 3))
    const url = 'https://files.example.com/a.png'
    await importFromUrl(url, {}, options({ claim: claimFor('k1', url) }))
    const elsewhere = 'https://files.example.com/b.png'
    const error = await refusal(elsewhere, { claim: claimFor('k1', elsewhere) })
    expect(error).toBeInstanceOf(ConflictError)
    expect(error.message).toMatch(/already used for a different file/)
    expect(canary.requests).toHaveLength(1)
  })

  it('keeps one record and one stored file when the same key is sent twice at once', async () => {
    serve('/a.png', png(4, 3))
    const url = 'https://files.example.com/a.png'
    const [one, two] = await Promise.all([
      importFromUrl(url, {}, options({ claim: claimFor('k1', url) })),
      importFromUrl(url, {}, options({ claim: claimFor('k1', url) })),
    ])
    expect(two).toEqual(one)
    // One file stored (its manifest and its bytes), the one the record points at: the other's was removed.
    const fileIds = new Set(
      (await storedKeys())
        .filter((key) => key.startsWith('files/') || key.startsWith('chunks/'))
        .map((key) => key.split('/')[1]),
    )
    expect([...fileIds]).toEqual([one.media_url.split('/')[3]])
  })
})
