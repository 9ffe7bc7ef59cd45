/**
 * A PDF's page count is read by the server from the stored bytes, never taken from the client: a count
 * that lies, an object stream that inflates without end, a file cut off and a claimed `metadata` must
 * each upload as any other file, with no `page_count` (or the true one), quickly.
 */

import { deflateSync } from 'node:zlib'

import { createRecord, record, tusUpload } from './client.ts'

function pdf(objects: string[], tail = ''): Uint8Array<ArrayBuffer> {
  const body = objects.map((object, index) => `${String(index + 1)} 0 obj\n${object}\nendobj\n`).join('')
  const text = `%PDF-1.4\n${body}trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\n${tail}%%EOF\n`
  return new Uint8Array(Buffer.from(text, 'latin1'))
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>'
const PAGE = '<< /Type /Page /Parent 2 0 R >>'

/** An object stream of 64 MiB of zeros (about 64 KB deflated) where the page tree should be. */
function bomb(): Uint8Array<ArrayBuffer> {
  const zeros = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 })
  const head = Buffer.from(
    `%PDF-1.5\n1 0 obj\n${CATALOG}\nendobj\n3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode ` +
      `/Length ${String(zeros.length)} >>\nstream\n`,
    'latin1',
  )
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Size 4 /Root 1 0 R >>\n%%EOF\n', 'latin1')
  return new Uint8Array(Buffer.concat([head, zeros, tail]))
}

const CASES: readonly [string, () => Uint8Array<ArrayBuffer>, number | undefined][] = [
  [
    'a true count of 2',
    () => pdf([CATALOG, '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>', PAGE, PAGE]),
    2,
  ],
  [
    'a count of 999999999',
    () => pdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 999999999 >>', PAGE]),
    undefined,
  ],
  [
    'a count below its kids',
    () => pdf([CATALOG, '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 1 >>', PAGE, PAGE]),
    undefined,
  ],
  [
    'two counts',
    () => pdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 /Count 50 >>', PAGE]),
    undefined,
  ],
  ['an object stream that inflates to 64 MiB', bomb, undefined],
  ['a file cut off', () => pdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Cou']), undefined],
]

export async function checkPdfPageCounts(): Promise<void> {
  for (const [what, build, expected] of CASES) {
    const started = Date.now()
    try {
      const { url } = await tusUpload(build(), 'hostile.pdf')
      const created = await createRecord({
        media_url: url,
        metadata: { page_count: 77 },
      })
      const seconds = (Date.now() - started) / 1000
      const metadata = (created.data as { metadata?: { page_count?: number } } | null)?.metadata
      const observed = `${String(created.status)}, page_count ${String(metadata?.page_count)}, ${seconds.toFixed(1)} s`
      const harm = created.status !== 201 || metadata?.page_count !== expected || seconds > 10
      record(`PDF page count: ${what}`, `201, page_count ${String(expected)}, under 10 s`, observed, harm)
    } catch (error) {
      record(
        `PDF page count: ${what}`,
        'uploads',
        error instanceof Error ? error.message : String(error),
        true,
      )
    }
  }
}
