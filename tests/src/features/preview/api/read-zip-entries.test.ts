import { downloadZip } from 'client-zip'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { readZipEntries, ZIP_LIST_LIMIT } from '../../../../../src/features/preview/api/read-zip-entries'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

const URL = 'https://files.example.test/pack.zip'

/** Serves `archive` at URL, honouring ranges unless told to send it whole; records each Range asked. */
function serve(archive: Uint8Array, { ranges = true } = {}) {
  const asked: string[] = []
  server.use(
    http.get(URL, ({ request }) => {
      const range = request.headers.get('range') ?? ''
      asked.push(range)
      const [, from, to] = /bytes=(\d+)-(\d+)/.exec(range) ?? []
      if (!ranges || from === undefined || to === undefined) return new HttpResponse(archive, { status: 200 })
      return new HttpResponse(archive.slice(Number(from), Number(to) + 1), { status: 206 })
    }),
  )
  return asked
}

async function zipOf(files: { name: string; input?: string | Uint8Array }[]): Promise<Uint8Array> {
  return new Uint8Array(await downloadZip(files).arrayBuffer())
}

describe("a ZIP's entries", () => {
  it('are read from the directory in two ranges, with UTF-8 names, folders and unpacked sizes', async () => {
    const archive = await zipOf([
      { name: 'docs/' },
      { name: 'docs/readme.txt', input: 'hello there' },
      { name: 'logo — final.png', input: new Uint8Array(2048) },
    ])
    const asked = serve(archive)
    const listing = await readZipEntries(URL, { size: archive.length })
    expect(listing).toEqual({
      total: 3,
      entries: [
        { name: 'docs/', size: 0, folder: true },
        { name: 'docs/readme.txt', size: 11, folder: false },
        { name: 'logo — final.png', size: 2048, folder: false },
      ],
    })
    expect(asked).toHaveLength(2)
    expect(asked.every((range) => range.startsWith('bytes='))).toBe(true)
  })

  it('are read the same from a server that ignores Range and sends the file whole', async () => {
    const archive = await zipOf([{ name: 'a.txt', input: 'a' }])
    serve(archive, { ranges: false })
    expect((await readZipEntries(URL, { size: archive.length })).entries).toEqual([
      { name: 'a.txt', size: 1, folder: false },
    ])
  })

  it(`stop at ${String(ZIP_LIST_LIMIT)} listed, with the total`, async () => {
    const archive = await zipOf(
      Array.from({ length: ZIP_LIST_LIMIT + 5 }, (_, i) => ({ name: `f${String(i)}.txt`, input: '' })),
    )
    serve(archive)
    const listing = await readZipEntries(URL, { size: archive.length })
    expect(listing.total).toBe(ZIP_LIST_LIMIT + 5)
    expect(listing.entries).toHaveLength(ZIP_LIST_LIMIT)
  })

  it('are refused for a file that is not a ZIP', async () => {
    const bytes = new TextEncoder().encode('not a zip at all')
    serve(bytes)
    await expect(readZipEntries(URL, { size: bytes.length })).rejects.toThrow('not a ZIP')
  })
})
