import { afterEach, describe, expect, it, vi } from 'vitest'

import { zipSources } from '../../../../../src/features/download/download-zip'
import {
  buildZip,
  type ZipProgress,
  type ZipSource,
} from '../../../../../src/features/download/model/build-zip'
import type { FileId } from '../../../../../src/contract/ids'
import { DownloadStatusError, openInRanges } from '../../../../../src/lib/download'
import { readZip } from '../../../../support/zip-reader'

afterEach(() => {
  vi.unstubAllGlobals()
})

const bytesOf = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, index) => (index * 31 + seed) % 251)

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

/** A stream that hands out `first`, then fails as a dropped connection does. */
function breakingStream(first: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (sent) controller.error(new TypeError('network error'))
      else controller.enqueue(first)
      sent = true
    },
  })
}

const source = (name: string, bytes: Uint8Array, open?: ZipSource['open']): ZipSource => ({
  name,
  title: name.split('.')[0] ?? name,
  size: bytes.byteLength,
  lastModified: new Date(2026, 10, 24, 10, 30, 14),
  open: open ?? (() => Promise.resolve(streamOf(bytes))),
})

async function unzip(stream: ReadableStream<Uint8Array>) {
  return readZip(Buffer.from(await new Response(stream).arrayBuffer()))
}

const MADE = new Date(2026, 10, 24, 12, 0)

describe('buildZip', () => {
  it('streams every file into a stored ZIP with its name, bytes and date, and reports progress', async () => {
    const a = bytesOf(70_000, 1)
    const b = bytesOf(5, 2)
    const progress: ZipProgress[] = []
    const { stream, summary } = buildZip(
      [
        source('a.jpg', a, () => Promise.resolve(streamOf(a.subarray(0, 1000), a.subarray(1000)))),
        source('b.txt', b),
      ],
      { signal: new AbortController().signal, onProgress: (step) => progress.push(step) },
    )
    const entries = await unzip(stream)
    expect(
      entries.map((entry) => [entry.name, entry.bytes.equals(Buffer.from(entry.name === 'a.jpg' ? a : b))]),
    ).toEqual([
      ['a.jpg', true],
      ['b.txt', true],
    ])
    expect(entries.every((entry) => entry.utf8)).toBe(true)
    expect(entries[0]?.modified).toEqual(new Date(2026, 10, 24, 10, 30, 14))
    expect(await summary).toEqual({ zipped: ['a.jpg', 'b.txt'], problems: [] })
    expect(progress.at(0)).toEqual({ bytesDone: 0, bytesTotal: 70_005, filesDone: 0, filesTotal: 2 })
    expect(progress.at(-1)).toEqual({ bytesDone: 70_005, bytesTotal: 70_005, filesDone: 2, filesTotal: 2 })
    expect(progress.map((step) => step.bytesDone)).toContain(1000)
  })

  it('leaves out a file that cannot be opened and lists it, with one cut short, in download-report.txt', async () => {
    const good = bytesOf(100, 3)
    const cut = bytesOf(4000, 4)
    const { stream, summary } = buildZip(
      [
        source('gone.jpg', bytesOf(10, 5), () => Promise.reject(new DownloadStatusError(404))),
        source('good.pdf', good),
        source('cut.mp4', cut, () => Promise.resolve(breakingStream(cut.subarray(0, 1024)))),
      ],
      { signal: new AbortController().signal, now: () => MADE },
    )
    const entries = await unzip(stream)
    expect(entries.map((entry) => [entry.name, entry.bytes.length])).toEqual([
      ['good.pdf', 100],
      ['cut.mp4', 1024],
      ['download-report.txt', expect.any(Number)],
    ])
    const report = entries[2]?.bytes.toString('utf8') ?? ''
    expect(report).toContain('1 of 3 files are in this archive whole.')
    expect(report).toContain('- gone.jpg ("gone"): it is no longer on the server (404)')
    expect(report).toContain('- cut.mp4 ("cut"): the transfer broke off after 1 KB of 3.91 KB')
    const { zipped, problems } = await summary
    expect(zipped).toEqual(['good.pdf'])
    expect(problems.map((problem) => [problem.name, problem.bytesRead])).toEqual([
      ['gone.jpg', 0],
      ['cut.mp4', 1024],
    ])
  })

  it('makes an empty archive without a report when nothing could be read', async () => {
    const { stream, summary } = buildZip(
      [source('a.jpg', bytesOf(5, 1), () => Promise.reject(new TypeError('Failed to fetch')))],
      { signal: new AbortController().signal },
    )
    expect(await unzip(stream)).toEqual([])
    expect((await summary).zipped).toEqual([])
  })

  it('stops reading and errors the stream when cancelled', async () => {
    const controller = new AbortController()
    const opened: string[] = []
    const slow = (name: string): ZipSource => ({
      ...source(name, bytesOf(10, 1)),
      open: (signal) => {
        opened.push(name)
        controller.abort()
        return Promise.reject(signal.reason as Error)
      },
    })
    const { stream, summary } = buildZip([slow('a.jpg'), slow('b.jpg')], { signal: controller.signal })
    await expect(new Response(stream).arrayBuffer()).rejects.toThrow()
    await expect(summary).rejects.toMatchObject({ name: 'AbortError' })
    expect(opened).toEqual(['a.jpg'])
  })
})

/** A built-in file host that answers `Range` requests from `file`, recording each range asked for. */
function fakeHost(file: Uint8Array, { failFrom }: { failFrom?: number } = {}) {
  const ranges: string[] = []
  const fetch = vi.fn((_url: string, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('range') ?? ''
    ranges.push(range)
    const [start = 0, end = 0] = /bytes=(\d+)-(\d+)/.exec(range)?.slice(1).map(Number) ?? []
    if (failFrom !== undefined && start >= failFrom)
      return Promise.resolve(new Response(null, { status: 404 }))
    return Promise.resolve(
      new Response(file.slice(start, end + 1), {
        status: 206,
        headers: { 'Content-Range': `bytes ${String(start)}-${String(end)}/${String(file.length)}` },
      }),
    )
  })
  vi.stubGlobal('fetch', fetch)
  return ranges
}

describe('openInRanges', () => {
  it('reads a file window by window, asking for each next one only as it is read', async () => {
    const file = bytesOf(2500, 7)
    const ranges = fakeHost(file)
    const stream = await openInRanges('/api/files/1', 2500, { rangeBytes: 1000 })
    expect(ranges).toEqual(['bytes=0-999'])
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(file)
    expect(ranges).toEqual(['bytes=0-999', 'bytes=1000-1999', 'bytes=2000-2499'])
  })

  it("goes by the server's total when the record's size is out of date", async () => {
    const file = bytesOf(1500, 8)
    const ranges = fakeHost(file)
    const stream = await openInRanges('/api/files/1', 900, { rangeBytes: 1000 })
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(file)
    expect(ranges).toEqual(['bytes=0-899', 'bytes=900-1499'])
  })

  it('fails at once for a file that is gone, and mid-stream for a window that is refused', async () => {
    fakeHost(bytesOf(10, 1), { failFrom: 0 })
    await expect(openInRanges('/api/files/1', 10)).rejects.toMatchObject({ status: 404 })
    fakeHost(bytesOf(2000, 1), { failFrom: 1000 })
    const stream = await openInRanges('/api/files/1', 2000, { rangeBytes: 1000 })
    await expect(new Response(stream).arrayBuffer()).rejects.toMatchObject({ status: 404 })
  })
})

describe('zipSources', () => {
  const record = (id: number, title: string, media_url: string, updated_at = '2026-11-20T08:15:30.000Z') => ({
    id: id as FileId,
    title,
    media_url,
    file_size: 3,
    updated_at,
  })

  it('names entries after the titles, unique and safe, dated by updated_at, the report name kept free', () => {
    const sources = zipSources([
      record(1, 'photo', '/api/files/a.jpg'),
      record(2, 'Photo', 'https://res.cloudinary.com/demo/image/upload/v1/x.JPG'),
      record(3, 'a/b', '/api/files/c.pdf'),
      record(4, 'download-report', '/api/files/d.txt', 'not a date'),
    ])
    expect(sources.map((item) => item.name)).toEqual([
      'photo.jpg',
      'Photo (2).jpg',
      'a_b.pdf',
      'download-report (2).txt',
    ])
    expect(sources[0]?.lastModified).toEqual(new Date('2026-11-20T08:15:30.000Z'))
    expect(Number.isNaN(sources[3]?.lastModified.getTime())).toBe(false)
  })

  it('reads a built-in file in ranges and any other host with one plain request', async () => {
    const ranges = fakeHost(bytesOf(3, 1))
    const [builtIn, elsewhere] = zipSources([
      record(1, 'a', '/api/files/a.jpg'),
      record(2, 'b', 'https://res.cloudinary.com/demo/image/upload/v1/b.jpg'),
    ])
    const signal = new AbortController().signal
    await new Response(await builtIn?.open(signal)).arrayBuffer()
    await new Response(await elsewhere?.open(signal)).arrayBuffer()
    expect(ranges).toEqual(['bytes=0-2', ''])
  })
})
