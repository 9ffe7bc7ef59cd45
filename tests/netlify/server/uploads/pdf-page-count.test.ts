import { readFile } from 'node:fs/promises'
import { deflateSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { createRecord } from '../../../../netlify/server/records/media-service'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { readUploadMetadata } from '../../../../netlify/server/uploads/file-metadata'
import {
  PDF_TIME_LIMIT_MS,
  PDF_WINDOW_BYTES,
  pdfReadBudget,
  readPdfPageCount,
} from '../../../../netlify/server/uploads/pdf-page-count'
import { ReadBudget } from '../../../../netlify/server/uploads/pdf-syntax'
import {
  appendChunk,
  createUpload,
  readManifest,
  type MediaHostStores,
} from '../../../../netlify/server/uploads/upload-service'
import { MIN_CHUNK_BYTES } from '../../../../src/contract/uploads'
import { mediaRecordSchema } from '../../../../src/contract/record'

const T0 = new Date('2025-03-04T05:06:07.000Z')

type Objects = Record<number, string>

/** Page objects 3.. for `count` pages under Pages object 2. */
function pageTree(count: number, extra = ''): Objects {
  const kids = Array.from({ length: count }, (_, index) => `${String(index + 3)} 0 R`).join(' ')
  const objects: Objects = {
    1: '<< /Type /Catalog /Pages 2 0 R >>',
    2: `<< /Type /Pages /Kids [${kids}] /Count ${String(count)}${extra} >>`,
  }
  for (let index = 0; index < count; index++) {
    objects[index + 3] = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'
  }
  return objects
}

/**
 * A PDF 1.4 with its objects written out and a cross-reference table whose offsets are right;
 * `padding` bytes of a content stream sit between the first `before` objects and the rest.
 */
function plainPdf(objects: Objects, { padding = 0, before = 0 } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets = new Map<number, number>()
  let length = parts[0]?.length ?? 0
  const add = (part: Buffer) => {
    parts.push(part)
    length += part.length
  }
  const numbers = Object.keys(objects).map(Number)
  const padNumber = Math.max(...numbers) + 1
  const write = (num: number, body: Buffer | string) => {
    offsets.set(num, length)
    add(Buffer.concat([Buffer.from(`${String(num)} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]))
  }
  numbers.forEach((num, index) => {
    if (index === before && padding > 0) write(padNumber, stream(Buffer.alloc(padding, 0x20)))
    write(num, objects[num] ?? '')
  })
  if (padding > 0 && before >= numbers.length) write(padNumber, stream(Buffer.alloc(padding, 0x20)))
  const size = Math.max(...offsets.keys()) + 1
  const xref = length
  const rows = Array.from({ length: size }, (_, num) =>
    num === 0 ? '0000000000 65535 f \n' : `${String(offsets.get(num) ?? 0).padStart(10, '0')} 00000 n \n`,
  )
  add(Buffer.from(`xref\n0 ${String(size)}\n${rows.join('')}`))
  add(Buffer.from(`trailer\n<< /Size ${String(size)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`))
  return Buffer.concat(parts)
}

function stream(data: Buffer, dict = ''): Buffer {
  return Buffer.concat([
    Buffer.from(`<< /Length ${String(data.length)}${dict} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ])
}

/**
 * A PDF 1.5 with every object but its streams in a FlateDecode object stream (number 100) and a
 * cross-reference stream (101) naming the root, as current writers make them.
 */
function objectStreamPdf(objects: Objects, { raw }: { raw?: Buffer } = {}): Buffer {
  const numbers = Object.keys(objects).map(Number)
  let header = ''
  let body = ''
  for (const num of numbers) {
    header += `${String(num)} ${String(body.length)} `
    body += `${objects[num] ?? ''}\n`
  }
  const decoded = Buffer.from(header + body, 'latin1')
  const compressed = raw ?? deflateSync(decoded)
  const head = Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')
  const objStm = Buffer.concat([
    Buffer.from('100 0 obj\n'),
    stream(
      compressed,
      ` /Type /ObjStm /N ${String(numbers.length)} /First ${String(header.length)} /Filter /FlateDecode`,
    ),
    Buffer.from('\nendobj\n'),
  ])
  const xrefOffset = head.length + objStm.length
  // Rows of [type, field 2, field 3] with /W [1 4 2]: the free head, the objects in the stream, the
  // stream itself and this cross-reference stream.
  const size = 102
  const rows = Buffer.alloc(size * 7)
  for (let num = 0; num < size; num++) {
    const at = num * 7
    const index = numbers.indexOf(num)
    if (num === 0) rows.writeUInt8(0, at)
    else if (index >= 0) {
      rows.writeUInt8(2, at)
      rows.writeUInt32BE(100, at + 1)
      rows.writeUInt16BE(index, at + 5)
    } else if (num === 100) {
      rows.writeUInt8(1, at)
      rows.writeUInt32BE(head.length, at + 1)
    } else if (num === 101) {
      rows.writeUInt8(1, at)
      rows.writeUInt32BE(xrefOffset, at + 1)
    }
  }
  const xref = Buffer.concat([
    Buffer.from('101 0 obj\n'),
    stream(
      deflateSync(rows),
      ` /Type /XRef /Size ${String(size)} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode`,
    ),
    Buffer.from('\nendobj\n'),
  ])
  return Buffer.concat([head, objStm, xref, Buffer.from(`startxref\n${String(xrefOffset)}\n%%EOF\n`)])
}

/** The reader over bytes in memory, noting every range asked for. */
function reader(bytes: Uint8Array) {
  const asked: [number, number][] = []
  const read = (start: number, end: number) => {
    asked.push([start, end])
    return Promise.resolve(bytes.slice(start, end))
  }
  return { read, asked }
}

const count = (bytes: Uint8Array) => readPdfPageCount(bytes.length, reader(bytes).read)

describe('readPdfPageCount', () => {
  it('reads the page count of a plain PDF', async () => {
    expect(await count(plainPdf(pageTree(3)))).toBe(3)
    expect(await count(plainPdf(pageTree(1)))).toBe(1)
  })

  it('reads it from a compressed object stream', async () => {
    expect(await count(objectStreamPdf(pageTree(12)))).toBe(12)
  })

  it('follows the catalog to the root of the page tree, not the first Pages object it meets', async () => {
    const objects: Objects = {
      1: '<< /Type /Catalog /Pages 7 0 R >>',
      2: '<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 7 0 R >>',
      3: '<< /Type /Page /Parent 2 0 R >>',
      4: '<< /Type /Pages /Kids [5 0 R 6 0 R] /Count 2 /Parent 7 0 R >>',
      5: '<< /Type /Page /Parent 4 0 R >>',
      6: '<< /Type /Page /Parent 4 0 R >>',
      7: '<< /Type/Pages/Kids[2 0 R 4 0 R]/Count 3/Resources<</Count 99>> >>',
    }
    expect(await count(plainPdf(objects))).toBe(3)
    expect(await count(objectStreamPdf(objects))).toBe(3)
  })

  it('takes an incremental update’s page tree over the one it replaces', async () => {
    const original = plainPdf(pageTree(2))
    const update = Buffer.from(
      '5 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n' +
        '2 0 obj\n<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>\nendobj\n' +
        'trailer\n<< /Size 6 /Root 1 0 R /Prev 0 >>\n%%EOF\n',
    )
    expect(await count(Buffer.concat([original, update]))).toBe(3)
  })

  it('reads only the first and last 256 KB of a large file', async () => {
    // The page tree at the end, as pdfTeX writes it, and at the start, as a linearized file has it.
    for (const before of [0, 99]) {
      const pdf = plainPdf(pageTree(4), { padding: 3 * 1024 * 1024, before })
      const { read, asked } = reader(pdf)
      expect(await readPdfPageCount(pdf.length, read)).toBe(4)
      expect(asked).toEqual([
        [0, PDF_WINDOW_BYTES],
        [pdf.length - PDF_WINDOW_BYTES, pdf.length],
      ])
    }
  })

  it('reads the page count of a linearized PDF from its first part', async () => {
    const first = Buffer.from(
      '%PDF-1.6\n%\xe2\xe3\xcf\xd3\n' +
        '10 0 obj\n<< /Linearized 1 /L 2000000 /O 12 /E 900 /N 2 /T 1999000 /H [ 600 150 ] >>\nendobj\n' +
        'xref\n10 4\n0000000000 65535 f \n' +
        'trailer\n<< /Size 14 /Root 11 0 R /Prev 1999000 >>\nstartxref\n0\n%%EOF\n' +
        '11 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\n' +
        '12 0 obj\n<< /Type /Page /Parent 9 0 R >>\nendobj\n',
      'latin1',
    )
    const rest = Buffer.from(
      '9 0 obj\n<< /Type /Pages /Kids [12 0 R 13 0 R] /Count 2 >>\nendobj\n' +
        '13 0 obj\n<< /Type /Page /Parent 9 0 R >>\nendobj\n' +
        'xref\n0 10\ntrailer\n<< /Size 10 >>\nstartxref\n200\n%%EOF\n',
    )
    const pdf = Buffer.concat([
      first,
      rest.subarray(0, 70),
      Buffer.alloc(1024 * 1024, 0x20),
      rest.subarray(70),
    ])
    expect(await count(pdf)).toBe(2)
  })

  it('agrees with pdf.js, the browser’s reader, on the PDFs built here', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const pdfs = [
      plainPdf(pageTree(3)),
      objectStreamPdf(pageTree(12)),
      plainPdf(pageTree(4), { padding: 3 * 1024 * 1024, before: 0 }),
    ]
    for (const pdf of pdfs) {
      const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise
      expect(await count(pdf)).toBe(document.numPages)
      await document.destroy()
    }
  })

  it('gives nothing for a count that lies', async () => {
    expect(await count(plainPdf(pageTree(2, ' /Count 999999999')))).toBeNull()
    const lying = (pages: string) => plainPdf({ ...pageTree(3), 2: pages })
    expect(await count(lying('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 100001 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 0 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count -3 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 2 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Pages /Kids [] /Count 50 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 2.5 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Page /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>'))).toBeNull()
    expect(await count(lying('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 100000 >>'))).toBe(100_000)
  })

  it('gives nothing, soon and within its memory bound, for an object stream that inflates without end', async () => {
    // 1 GiB of zeros would inflate from about 1 MB; the reader stops at its bound.
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 })
    const pdf = objectStreamPdf(pageTree(2), { raw: bomb })
    const started = performance.now()
    const before = process.memoryUsage().arrayBuffers
    expect(await count(pdf)).toBeNull()
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024)
  })

  it('gives nothing, never an error, for files that are cut off, broken or not PDFs', async () => {
    for (const pdf of [plainPdf(pageTree(3)), objectStreamPdf(pageTree(3))]) {
      for (let cut = 0; cut < pdf.length; cut += 7) {
        const result = await count(pdf.subarray(0, cut))
        expect(result === null || result === 3).toBe(true)
      }
    }
    expect(await count(Buffer.from('%PDF-1.7\ntrailer << /Root 1 0 R >>'))).toBeNull()
    expect(await count(Buffer.from('%PDF-1.7\n1 0 obj << /Pages 1 0 R /Type /Pages /Count 3 >>'))).toBe(null)
    expect(await count(Buffer.from('not a PDF at all, /Root 1 0 R 1 0 obj << /Pages 2 0 R >>'))).toBeNull()
    expect(await count(objectStreamPdf(pageTree(2), { raw: Buffer.from('not deflated') }))).toBeNull()
    const failing = () => Promise.reject(new Error('storage is down'))
    expect(await readPdfPageCount(1000, failing)).toBeNull()
  })

  it('stays quick on a window full of object headers without ends', async () => {
    const hostile = Buffer.from(`%PDF-1.7\n${'1 0 obj << /Type /ObjStm '.repeat(20_000)}`)
    const started = performance.now()
    expect(await count(hostile)).toBeNull()
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

/** A page tree whose `/Kids` never closes: `entry` written `count` times where its items should be. */
function unclosedKids(count: number, entry: string): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      `2 0 obj\n<< /Type /Pages /Count 1 ${entry.repeat(count)}\nendobj\n` +
      'trailer\n<< /Size 3 /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  )
}

/** The page count of `pdf` and the work units its read spent. */
async function measured(pdf: Uint8Array, budget = pdfReadBudget()) {
  const pages = await readPdfPageCount(pdf.length, reader(pdf).read, budget)
  return { pages, work: budget.spent }
}

describe('the reader’s budget', () => {
  it('gives nothing, at a cost in proportion to its size, for a /Kids array that never closes', async () => {
    // 30,000 entries, 235 KB: the file that once held its upload for 14 s.
    const hostile = unclosedKids(30_000, '/Kids [ ')
    expect(hostile.length).toBeGreaterThan(234 * 1024)
    const budget = pdfReadBudget()
    const started = performance.now()
    expect(await measured(hostile, budget)).toEqual({ pages: null, work: expect.any(Number) as number })
    expect(performance.now() - started).toBeLessThan(PDF_TIME_LIMIT_MS)
    // A few passes over the bytes: one to read them, one for each kind of mark looked for, one to parse.
    expect(budget.spent).toBeLessThan(5 * hostile.length)
  })

  it('does twice the work, not four times, for a hostile file twice the size', async () => {
    const shapes = {
      'an array opened on every entry': '/Kids [ ',
      'references in an array that never closes': '/Kids [ 3 0 R 4 0 R ',
      'one long run of digits': '/Kids [ 1111111111',
      'object headers in an array': '/Kids [ 3 0 obj ',
      'strings never closed': '/Kids [ (3 0 R ',
    }
    for (const [shape, entry] of Object.entries(shapes)) {
      const once = await measured(unclosedKids(10_000, entry))
      const twice = await measured(unclosedKids(20_000, entry))
      expect([once.pages, twice.pages], shape).toEqual([null, null])
      expect(twice.work / once.work, shape).toBeGreaterThan(1.8)
      expect(twice.work / once.work, shape).toBeLessThan(2.2)
    }
  })

  it('does work in proportion to its pages for well-formed PDFs', async () => {
    const small = await measured(plainPdf(pageTree(1_000)))
    const large = await measured(plainPdf(pageTree(2_000)))
    expect([small.pages, large.pages]).toEqual([1_000, 2_000])
    expect(large.work / small.work).toBeLessThan(2.2)
  })

  it('gives nothing once its work units or its time are spent', async () => {
    const pdf = plainPdf(pageTree(3))
    expect((await measured(pdf)).pages).toBe(3)
    const { work } = await measured(pdf)
    expect((await measured(pdf, new ReadBudget(work - 1, Date.now() + 60_000))).pages).toBeNull()
    expect((await measured(pdf, new ReadBudget(work, Date.now() - 1))).pages).toBeNull()
  })

  it('stops waiting for bytes that do not come by its deadline', async () => {
    const never = () => new Promise<Uint8Array>(() => undefined)
    const budget = new ReadBudget(Number.MAX_SAFE_INTEGER, Date.now() + 50)
    expect(await readPdfPageCount(1_000, never, budget)).toBeNull()
  })

  it('still reads the sample PDF', async () => {
    const sample = await readFile(new URL('../../../fixtures/media/report.pdf', import.meta.url))
    expect((await measured(sample)).pages).toBe(2)
  })
})

describe('the page count of an uploaded PDF', () => {
  const freshStores = (): MediaHostStores => ({
    documents: new MemoryDocumentStore(),
    bytes: new MemoryByteStore(),
  })

  async function upload(stores: MediaHostStores, filename: string, bytes: Buffer, chunk = bytes.length) {
    const settings = { maxUploadBytes: 64 * 1024 * 1024, expiryMs: 3_600_000 }
    const { id } = await createUpload(stores, settings, { length: bytes.length, metadata: { filename } }, T0)
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const piece = bytes.subarray(offset, offset + chunk)
      await appendChunk(
        stores,
        id,
        { offset, bytes: piece, checksum: null, readMetadata: readUploadMetadata },
        T0,
      )
    }
    return id
  }

  it('is kept on the record, read from the stored chunks', async () => {
    // The page tree at the end, past a chunk of 1 MiB and a last one of a few hundred bytes.
    const pdf = plainPdf(pageTree(5), { padding: 2 * MIN_CHUNK_BYTES, before: 99 })
    const gets: Record<string, number> = {}
    const uploadCounting = async (stores: MediaHostStores, filename: string) => {
      const get = stores.bytes.get.bind(stores.bytes)
      stores.bytes.get = (key) => {
        gets[filename] = (gets[filename] ?? 0) + 1
        return get(key)
      }
      return upload(stores, filename, pdf, MIN_CHUNK_BYTES)
    }
    await uploadCounting(freshStores(), 'report.bin')
    const stores = freshStores()
    const id = await uploadCounting(stores, 'report.pdf')
    expect((await readManifest(stores.documents, id))?.metadata).toEqual({ page_count: 5 })
    // The first chunk and the one before the last; the last was still in memory.
    expect((gets['report.pdf'] ?? 0) - (gets['report.bin'] ?? 0)).toBe(2)
    const record = await createRecord(stores.documents, { media_url: `/api/files/${id}/report.pdf` }, T0)
    expect(record.metadata).toEqual({ page_count: 5 })
    expect(mediaRecordSchema.parse(record)).toEqual(record)
  })

  it('is left out when it cannot be read, and for a file not named as a PDF', async () => {
    const stores = freshStores()
    const broken = await upload(stores, 'broken.pdf', plainPdf(pageTree(2, ' /Count 999999999')))
    expect((await readManifest(stores.documents, broken))?.metadata).toBeUndefined()
    const hostile = await upload(stores, 'hostile.pdf', unclosedKids(30_000, '/Kids [ '))
    expect((await readManifest(stores.documents, hostile))?.metadata).toBeUndefined()
    const named = await upload(stores, 'notes.txt', plainPdf(pageTree(2)))
    expect((await readManifest(stores.documents, named))?.metadata).toBeUndefined()
    const record = await createRecord(stores.documents, { media_url: `/api/files/${broken}/broken.pdf` }, T0)
    expect(record).not.toHaveProperty('metadata')
  })
})
