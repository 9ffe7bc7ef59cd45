import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { beforeEach, describe, expect, it } from 'vitest'

import { FILE_CACHE_TAG_HEADER, fileCacheTag } from '../../../../netlify/server/files/file-cache'
import {
  fileResponse,
  MAX_RESPONSE_BYTES,
  MAX_WHOLE_RESPONSE_BYTES,
  parseRange,
} from '../../../../netlify/server/files/file-responses'
import { SNIFF_BYTES } from '../../../../netlify/server/files/serving-policy'
import { chunkKey, type FileManifest } from '../../../../netlify/server/uploads/upload-documents'
import { contentDisposition } from '../../../../netlify/server/uploads/file-names'
import {
  createUpload,
  finishUpload,
  readUpload,
  type MediaHostStores,
} from '../../../../netlify/server/uploads/upload-service'
import { startMemoryMediaStores } from '../../../support/media-stores'

const SETTINGS = { maxUploadBytes: 64 * 1024 * 1024, expiryMs: 3_600_000 }
const MiB = 1024 * 1024

let stores: MediaHostStores

beforeEach(() => {
  stores = startMemoryMediaStores().stores
})

const fixture = (folder: 'media' | 'hostile', name: string) =>
  readFile(new URL(`../../../fixtures/${folder}/${name}`, import.meta.url))

/**
 * Stores `bytes` as a file in chunks of the given sizes (the rest last), laid out as the byte store
 * holds them. The chunks are written as they are, not sent through `appendChunk`: serving must handle
 * any layout, including the small chunks of files stored before every chunk but the last had to be at
 * least `MIN_CHUNK_BYTES`.
 */
async function storeFile(name: string, bytes: Uint8Array, chunkSizes: number[] = []): Promise<FileManifest> {
  const created = await createUpload(stores, SETTINGS, { length: bytes.length, metadata: { filename: name } })
  if (created.file) return created.file
  const state = await readUpload(stores.documents, created.id)
  if (!state) throw new Error(`${name} was not created`)
  let offset = 0
  for (const size of [...chunkSizes, bytes.length]) {
    if (offset >= bytes.length) break
    const chunk = bytes.subarray(offset, Math.min(offset + size, bytes.length))
    const key = chunkKey(state.id, offset)
    await stores.bytes.put(key, chunk)
    state.chunks.push({ key, start: offset, size: chunk.length })
    offset += chunk.length
  }
  state.offset = offset
  state.head = Buffer.from(bytes.subarray(0, SNIFF_BYTES)).toString('base64')
  return finishUpload(stores, state)
}

interface Served {
  status: number
  headers: Headers
  body: Uint8Array
  /** Whether the response had a body stream at all (HEAD, 304: none). */
  hasBody: boolean
}

/**
 * Serves `manifest` for one request; every answer, whatever its status, must carry nosniff and the
 * file's cache tag (which removing the file purges from the CDN).
 */
async function serve(
  manifest: FileManifest,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Served> {
  const request = new Request(
    `http://localhost/api/files/${manifest.id}/${encodeURIComponent(manifest.name)}`,
    {
      method,
      headers,
    },
  )
  const response = await fileResponse(stores.bytes, manifest, request)
  if (!response) throw new Error('the file has no bytes')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get(FILE_CACHE_TAG_HEADER)).toBe(fileCacheTag(manifest.id))
  const hasBody = response.body !== null
  const body = new Uint8Array(await response.arrayBuffer())
  expect(body.length).toBeLessThanOrEqual(MAX_RESPONSE_BYTES)
  return { status: response.status, headers: response.headers, body, hasBody }
}

/** A small seeded generator (mulberry32), so a failing range can be reproduced. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function expectPartial(served: Served, bytes: Uint8Array, start: number, end: number): void {
  expect(served.status).toBe(206)
  expect(served.headers.get('content-range')).toBe(
    `bytes ${String(start)}-${String(end)}/${String(bytes.length)}`,
  )
  expect(served.headers.get('content-length')).toBe(String(end - start + 1))
  expect(served.body.length).toBe(end - start + 1)
  expect(Buffer.from(served.body).equals(Buffer.from(bytes.subarray(start, end + 1)))).toBe(true)
}

function expectWhole(served: Served, bytes: Uint8Array): void {
  expect(served.status).toBe(200)
  expect(served.headers.get('content-range')).toBeNull()
  expect(served.headers.get('content-length')).toBe(String(bytes.length))
  expect(Buffer.from(served.body).equals(Buffer.from(bytes))).toBe(true)
}

describe('ranges', () => {
  // Chunk sizes chosen so ranges start and end inside, at and across chunk boundaries.
  const CHUNKS = [1, 4_095, 65_536, 100_000, 7, 30_000]
  const SIZE = 300_001

  it('answers 100 random ranges of a multi-chunk file byte-exact, with 206 and Content-Range', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('data.bin', bytes, CHUNKS)
    expect(manifest.chunks.length).toBe(CHUNKS.length + 1)
    const random = seededRandom(20_250_304)
    for (let i = 0; i < 100; i++) {
      const start = Math.floor(random() * SIZE)
      // Now and then an end past the file's end, which is cut at the last byte.
      const requestedEnd =
        random() < 0.1 ? SIZE + Math.floor(random() * 1_000) : start + Math.floor(random() * (SIZE - start))
      const served = await serve(manifest, { Range: `bytes=${String(start)}-${String(requestedEnd)}` })
      expectPartial(served, bytes, start, Math.min(requestedEnd, SIZE - 1))
      expect(served.headers.get('accept-ranges')).toBe('bytes')
    }
  })

  it('answers a range inside one chunk and one of a single byte', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('data.bin', bytes, CHUNKS)
    expectPartial(await serve(manifest, { Range: 'bytes=0-0' }), bytes, 0, 0)
    expectPartial(await serve(manifest, { Range: 'bytes=4096-4096' }), bytes, 4_096, 4_096)
    expectPartial(await serve(manifest, { Range: 'bytes=5000-6000' }), bytes, 5_000, 6_000)
    expectPartial(
      await serve(manifest, { Range: `bytes=${String(SIZE - 1)}-${String(SIZE - 1)}` }),
      bytes,
      SIZE - 1,
      SIZE - 1,
    )
  })

  it('answers suffix ranges with the last bytes, and a suffix longer than the file with all of it', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('data.bin', bytes, CHUNKS)
    expectPartial(await serve(manifest, { Range: 'bytes=-500' }), bytes, SIZE - 500, SIZE - 1)
    expectPartial(await serve(manifest, { Range: 'bytes=-1' }), bytes, SIZE - 1, SIZE - 1)
    expectPartial(await serve(manifest, { Range: 'bytes=-999999999' }), bytes, 0, SIZE - 1)
  })

  it('answers open ranges up to the end', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('data.bin', bytes, CHUNKS)
    expectPartial(await serve(manifest, { Range: 'bytes=10-' }), bytes, 10, SIZE - 1)
    expectPartial(await serve(manifest, { Range: 'bytes=0-' }), bytes, 0, SIZE - 1)
    expectPartial(await serve(manifest, { Range: `bytes=${String(SIZE - 3)}-` }), bytes, SIZE - 3, SIZE - 1)
  })

  it('ignores a Range header of invalid syntax and answers the whole file with 200', async () => {
    const bytes = randomBytes(10_000)
    const manifest = await storeFile('data.bin', bytes, [3_000])
    for (const range of ['bytes=abc', 'items=0-10', 'bytes=500-100', 'bytes=-', 'bytes 0-10', '0-10', '']) {
      expectWhole(await serve(manifest, { Range: range }), bytes)
    }
  })

  it('answers 416 with "bytes */size" for a range starting past the end, or an empty suffix', async () => {
    const bytes = randomBytes(10_000)
    const manifest = await storeFile('data.bin', bytes, [3_000])
    for (const range of ['bytes=10000-', 'bytes=10000-10005', 'bytes=20000-30000', 'bytes=-0']) {
      const served = await serve(manifest, { Range: range })
      expect(served.status, range).toBe(416)
      expect(served.headers.get('content-range')).toBe('bytes */10000')
      expect(served.headers.get('content-type')).toMatch(/^application\/json/)
      expect(served.headers.get('content-disposition')).toBeNull()
      expect(JSON.parse(new TextDecoder().decode(served.body))).toEqual({
        error: 'Range not satisfiable: the file has 10000 bytes',
      })
    }
  })

  it('parses ranges as RFC 9110 reads them', () => {
    expect(parseRange('bytes=0-99', 1_000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-5000', 1_000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1_000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=100-', 1_000)).toEqual({ start: 100, end: 999 })
    expect(parseRange('BYTES=1-2', 1_000)).toEqual({ start: 1, end: 2 })
    // Several ranges: the first one is answered.
    expect(parseRange('bytes=0-9, 20-29', 1_000)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=1000-', 1_000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=9-1', 1_000)).toBeNull()
    expect(parseRange('lines=1-2', 1_000)).toBeNull()
  })

  it('serves an empty file as 200 with no bytes', async () => {
    const manifest = await storeFile('empty.txt', new Uint8Array())
    const served = await serve(manifest)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-length')).toBe('0')
    expect(served.body.length).toBe(0)
    expect((await serve(manifest, { Range: 'bytes=0-' })).status).toBe(416)
  })
})

describe('a file deleted after its manifest was read', () => {
  it('answers null rather than a response whose body would fail midway', async () => {
    const manifest = await storeFile('gone.bin', randomBytes(1000))
    await Promise.all(manifest.chunks.map(({ key }) => stores.bytes.remove(key)))
    const request = new Request(`http://localhost/api/files/${manifest.id}/gone.bin`)
    expect(await fileResponse(stores.bytes, manifest, request)).toBeNull()
  })
})

describe('whole responses', () => {
  it('answers a file of up to MAX_WHOLE_RESPONSE_BYTES without Range whole, as <img> and the Image CDN need', async () => {
    const bytes = randomBytes(MAX_RESPONSE_BYTES + 1000)
    const manifest = await storeFile('photo.bin', bytes, [4 * MiB, 4 * MiB])
    const request = new Request(`http://localhost/api/files/${manifest.id}/photo.bin`)
    const response = await fileResponse(stores.bytes, manifest, request)
    expect(response?.status).toBe(200)
    expect(MAX_WHOLE_RESPONSE_BYTES).toBeLessThan(20_000_000)
    expect(Buffer.from(await (response ?? new Response()).arrayBuffer()).equals(bytes)).toBe(true)
  })
})

describe('responses never exceed MAX_RESPONSE_BYTES', () => {
  const SIZE = 2 * MAX_RESPONSE_BYTES + 12_345

  it('answers a large file without Range with its first window as 206', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('big.bin', bytes, [4 * MiB, 4 * MiB, 4 * MiB, 4 * MiB])
    const served = await serve(manifest)
    expectPartial(served, bytes, 0, MAX_RESPONSE_BYTES - 1)
    const head = await serve(manifest, {}, 'HEAD')
    expect(head.status).toBe(206)
    expect(head.headers.get('content-length')).toBe(String(MAX_RESPONSE_BYTES))
  })

  it('cuts long ranges to one window and assembles the file from successive windows', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('big.bin', bytes, [4 * MiB, 3 * MiB, 5 * MiB])
    expectPartial(await serve(manifest, { Range: 'bytes=0-' }), bytes, 0, MAX_RESPONSE_BYTES - 1)
    expectPartial(
      await serve(manifest, { Range: `bytes=1000-${String(SIZE)}` }),
      bytes,
      1_000,
      1_000 + MAX_RESPONSE_BYTES - 1,
    )
    expectPartial(
      await serve(manifest, { Range: `bytes=-${String(SIZE)}` }),
      bytes,
      0,
      MAX_RESPONSE_BYTES - 1,
    )

    const parts: Uint8Array[] = []
    let next = 0
    while (next < SIZE) {
      const served = await serve(manifest, { Range: `bytes=${String(next)}-` })
      expect(served.status).toBe(206)
      parts.push(served.body)
      next += served.body.length
    }
    expect(parts).toHaveLength(3)
    expect(Buffer.concat(parts).equals(bytes)).toBe(true)
  })

  it('keeps 20 random ranges of the large file exact and within the cap', async () => {
    const bytes = randomBytes(SIZE)
    const manifest = await storeFile('big.bin', bytes, [4 * MiB, 4 * MiB, 4 * MiB, 4 * MiB])
    const random = seededRandom(8)
    for (let i = 0; i < 20; i++) {
      const start = Math.floor(random() * SIZE)
      const end = start + Math.floor(random() * (SIZE - start))
      expectPartial(
        await serve(manifest, { Range: `bytes=${String(start)}-${String(end)}` }),
        bytes,
        start,
        Math.min(end, start + MAX_RESPONSE_BYTES - 1),
      )
    }
  })
})

describe('HEAD and conditional requests', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const bytes = await fixture('media', 'landscape.jpg')
    const manifest = await storeFile('landscape.jpg', bytes, [4_000])
    const get = await serve(manifest)
    const head = await serve(manifest, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.hasBody).toBe(false)
    expect(head.body.length).toBe(0)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
    expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers))
    const ranged = await serve(manifest, { Range: 'bytes=100-199' }, 'HEAD')
    expect(ranged.status).toBe(206)
    expect(ranged.hasBody).toBe(false)
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${String(bytes.length)}`)
    expect(ranged.headers.get('content-length')).toBe('100')
  })

  it("tags every answer with the file's cache tag: whole, ranged, HEAD, 304 and 416", async () => {
    const manifest = await storeFile('tagged.txt', new TextEncoder().encode('0123456789'))
    const answers = [
      await serve(manifest),
      await serve(manifest, { Range: 'bytes=2-5' }),
      await serve(manifest, {}, 'HEAD'),
      await serve(manifest, { 'If-None-Match': `"${manifest.id}"` }),
      await serve(manifest, { Range: 'bytes=50-' }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 206, 200, 304, 416])
    for (const answer of answers) expect(answer.headers.get('netlify-cache-tag')).toBe(`file-${manifest.id}`)
  })

  it('sends a strong ETag and immutable caching', async () => {
    const manifest = await storeFile('a.txt', new TextEncoder().encode('hello\n'))
    const served = await serve(manifest)
    expect(served.headers.get('etag')).toBe(`"${manifest.id}"`)
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('answers If-None-Match with the ETag (strong, weak or *) with 304 and no body', async () => {
    const manifest = await storeFile('a.txt', new TextEncoder().encode('hello\n'))
    const etag = `"${manifest.id}"`
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const served = await serve(manifest, { 'If-None-Match': header })
      expect(served.status, header).toBe(304)
      expect(served.hasBody).toBe(false)
      expect(served.headers.get('etag')).toBe(etag)
    }
    expect((await serve(manifest, { 'If-None-Match': '"other"' })).status).toBe(200)
  })

  it('answers Range only when If-Range matches the ETag; otherwise the whole file', async () => {
    const bytes = randomBytes(50_000)
    const manifest = await storeFile('data.bin', bytes, [20_000])
    const etag = `"${manifest.id}"`
    expectPartial(await serve(manifest, { Range: 'bytes=100-199', 'If-Range': etag }), bytes, 100, 199)
    expectWhole(await serve(manifest, { Range: 'bytes=100-199', 'If-Range': '"stale"' }), bytes)
    expectWhole(
      await serve(manifest, { Range: 'bytes=100-199', 'If-Range': 'Tue, 04 Mar 2025 05:06:07 GMT' }),
      bytes,
    )
    // An unsatisfiable range under a stale If-Range is ignored with it.
    expectWhole(await serve(manifest, { Range: 'bytes=900000-', 'If-Range': '"stale"' }), bytes)
  })
})

/** What every response of a hostile or active file must look like: an inert download. */
function expectInertDownload(served: Served): void {
  expect(served.headers.get('content-type')).toBe('application/octet-stream')
  expect(served.headers.get('content-disposition')).toMatch(/^attachment; /)
  expect(served.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/)
  expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
}

describe('serving policy of hostile files', () => {
  it.each([
    'svg-script.svg',
    'page.html',
    'page.xhtml',
    'entity.xml',
    'invoice.jpg.html',
    'spoofed-html.png',
  ])('serves %s as an inert download: octet-stream, attachment, sandbox CSP, nosniff', async (name) => {
    const bytes = await fixture('hostile', name)
    const manifest = await storeFile(name, bytes)
    expect(manifest.resource_type).toBe('raw')
    const served = await serve(manifest)
    expect(served.status).toBe(200)
    expectInertDownload(served)
    expect(served.headers.get('content-disposition')).toContain(`filename="${name}"`)
    // Served inert, never altered.
    expect(Buffer.from(served.body).equals(bytes)).toBe(true)
    // A range of it is just as inert.
    expectInertDownload(await serve(manifest, { Range: 'bytes=0-9' }))
  })

  it('serves the GIF/JS polyglot as image/gif under nosniff and a sandbox CSP', async () => {
    const bytes = await fixture('hostile', 'polyglot.gif')
    const served = await serve(await storeFile('polyglot.gif', bytes))
    expect(served.headers.get('content-type')).toBe('image/gif')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/)
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(served.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })

  it('serves a harmless-looking SVG as a download too: SVG is active content', async () => {
    const served = await serve(await storeFile('logo.svg', await fixture('media', 'logo.svg')))
    expectInertDownload(served)
  })

  it('serves text with markup in it, or bytes that are not text, as an inert download', async () => {
    const markup = new TextEncoder().encode('Hello\n<script>window.__pwned = 1</script>\n')
    expectInertDownload(await serve(await storeFile('notes.txt', markup)))
    const binary = new Uint8Array([0x68, 0x69, 0x00, 0x01, 0x02])
    expectInertDownload(await serve(await storeFile('data.csv', binary)))
    expectInertDownload(await serve(await storeFile('no-extension', new TextEncoder().encode('plain'))))
  })

  it('serves JPEG bytes named .png as an inert download: bytes and extension must agree', async () => {
    const served = await serve(await storeFile('photo.png', await fixture('media', 'landscape.jpg')))
    expectInertDownload(served)
  })
})

describe('serving policy of real media', () => {
  const SANDBOX = /(^|;\s*)sandbox(;|$)/
  const cases: [file: string, type: string, disposition: 'inline' | 'attachment'][] = [
    ['landscape.jpg', 'image/jpeg', 'inline'],
    ['portrait.png', 'image/png', 'inline'],
    ['small.webp', 'image/webp', 'inline'],
    ['small.gif', 'image/gif', 'inline'],
    ['clip.mp4', 'video/mp4', 'inline'],
    ['clip.webm', 'video/webm', 'inline'],
    ['tone.mp3', 'audio/mpeg', 'inline'],
    ['tone.wav', 'audio/wav', 'inline'],
    ['brief.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'attachment'],
    ['budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'attachment'],
    ['archive.zip', 'application/zip', 'attachment'],
    ['notes.txt', 'text/plain; charset=utf-8', 'inline'],
    ['inventory.csv', 'text/plain; charset=utf-8', 'inline'],
    ['readme.md', 'text/plain; charset=utf-8', 'inline'],
    ['metadata.json', 'text/plain; charset=utf-8', 'inline'],
  ]

  it.each(cases)('serves %s as %s, %s, sandboxed, byte-exact', async (file, type, disposition) => {
    const bytes = await fixture('media', file)
    const manifest = await storeFile(file, bytes, [64 * 1024])
    const served = await serve(manifest)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe(type)
    expect(served.headers.get('content-disposition')).toBe(
      `${disposition}; filename="${file}"; filename*=UTF-8''${file}`,
    )
    expect(served.headers.get('content-security-policy')).toMatch(SANDBOX)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(served.body).equals(bytes)).toBe(true)
  })

  it('gives images, video and audio their resource types', async () => {
    expect((await storeFile('a.jpg', await fixture('media', 'landscape.jpg'))).resource_type).toBe('image')
    expect((await storeFile('a.webm', await fixture('media', 'clip.webm'))).resource_type).toBe('video')
    expect((await storeFile('a.mp3', await fixture('media', 'tone.mp3'))).resource_type).toBe('video')
    expect((await storeFile('a.zip', await fixture('media', 'archive.zip'))).resource_type).toBe('raw')
  })

  it('serves a PDF inline without sandbox, so it shows in the preview frame', async () => {
    const bytes = await fixture('media', 'report.pdf')
    const served = await serve(await storeFile('report.pdf', bytes, [10_000]))
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(served.headers.get('content-disposition')).toMatch(/^inline; /)
    const csp = served.headers.get('content-security-policy') ?? ''
    expect(csp).not.toMatch(/sandbox/)
    expect(csp).toContain("frame-ancestors 'self'")
    expect(Buffer.from(served.body).equals(bytes)).toBe(true)
  })
})

describe('Content-Disposition (RFC 6266)', () => {
  /** The name a browser takes from `filename*` (RFC 8187, UTF-8). */
  function extendedName(header: string | null): string {
    const match = /filename\*=UTF-8''([^;\s]+)/.exec(header ?? '')
    if (!match?.[1]) throw new Error(`no filename* in ${String(header)}`)
    return decodeURIComponent(match[1])
  }

  it('sends an ASCII fallback and the exact UTF-8 name as filename*', async () => {
    const name = 'Überblick résumé.pdf'
    const served = await serve(await storeFile(name, await fixture('media', 'report.pdf')))
    const header = served.headers.get('content-disposition')
    expect(header).toBe(
      `inline; filename="_berblick r_sum_.pdf"; filename*=UTF-8''%C3%9Cberblick%20r%C3%A9sum%C3%A9.pdf`,
    )
    expect(extendedName(header)).toBe(name)
  })

  it('stores a decomposed name in NFC, so filename* names the composed characters', async () => {
    const served = await serve(await storeFile('Cafe\u0301.txt', new TextEncoder().encode('menu')))
    expect(extendedName(served.headers.get('content-disposition'))).toBe('Caf\u00e9.txt')
  })

  it('escapes quotes, backslashes and the characters RFC 5987 reserves', async () => {
    const name = `say "hi" \\ it's (1)*.txt`
    const served = await serve(await storeFile(name, new TextEncoder().encode('hi')))
    const header = served.headers.get('content-disposition') ?? ''
    expect(header).toMatch(/^inline; filename="say _hi_ _ it's \(1\)\*\.txt"; /)
    const extended = /filename\*=UTF-8''(.*)$/.exec(header)?.[1] ?? ''
    expect(extended).not.toMatch(/['()*"\\ ]/)
    // Backslashes are path separators to some systems, so the stored name has none.
    expect(extendedName(header)).toBe(name.replace('\\', '_'))
  })

  it('never lets CR or LF from a file name reach a header', async () => {
    const name = 'report\r\nSet-Cookie: pwned=1\r\n.pdf'
    const served = await serve(await storeFile(name, await fixture('media', 'report.pdf')))
    const header = served.headers.get('content-disposition') ?? ''
    expect(header).not.toMatch(/[\r\n]/)
    expect(served.headers.get('set-cookie')).toBeNull()
    expect(extendedName(header)).toBe('reportSet-Cookie_ pwned=1.pdf')
    for (const [, value] of served.headers) expect(value).not.toMatch(/[\r\n]/)
  })

  it('encodes control characters even when handed an uncleaned name', () => {
    const header = contentDisposition('attachment', 'a\r\nb\u0000c.txt')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header.includes(String.fromCharCode(0))).toBe(false)
    expect(header).toBe(`attachment; filename="a__b_c.txt"; filename*=UTF-8''a%0D%0Ab%00c.txt`)
  })
})
