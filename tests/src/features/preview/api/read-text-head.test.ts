import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { readTextHead, TEXT_PREVIEW_BYTES } from '../../../../../src/features/preview/api/read-text-head'

const URL_ = 'https://files.example.test/notes.txt'
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

/** A host that honours `Range` (206 with Content-Range), as the built-in host does. */
function rangeHost(body: Uint8Array, seen: (string | null)[] = []) {
  server.use(
    http.get(URL_, ({ request }) => {
      const range = request.headers.get('range')
      seen.push(range)
      const [, first = '0', last = ''] = /bytes=(\d+)-(\d*)/.exec(range ?? '') ?? []
      const end = Math.min(last === '' ? body.length - 1 : Number(last), body.length - 1)
      return new HttpResponse(body.slice(Number(first), end + 1), {
        status: 206,
        headers: { 'Content-Range': `bytes ${first}-${String(end)}/${String(body.length)}` },
      })
    }),
  )
}

const encode = (text: string) => new TextEncoder().encode(text)

describe('readTextHead', () => {
  it('asks for the first 100 KB and shows a short file whole', async () => {
    const seen: (string | null)[] = []
    rangeHost(encode('Station notes\n<b>not bold</b>'), seen)
    expect(await readTextHead(URL_, { knownSize: 29 })).toEqual({
      text: 'Station notes\n<b>not bold</b>',
      cut: false,
    })
    expect(seen).toEqual([`bytes=0-${String(TEXT_PREVIEW_BYTES - 1)}`])
  })

  it('marks a longer file as cut, and drops a character split at the cut', async () => {
    // 'é' is two bytes: placed so that the 100 KB boundary falls between them.
    const body = encode(`${'a'.repeat(TEXT_PREVIEW_BYTES - 1)}é and more`)
    rangeHost(body)
    const head = await readTextHead(URL_, { knownSize: body.length })
    expect(head.cut).toBe(true)
    expect(head.text).toBe('a'.repeat(TEXT_PREVIEW_BYTES - 1))
    expect(head.text).not.toContain('\ufffd')
  })

  it('reads only the first 100 KB from a host that ignores Range', async () => {
    const body = encode('x'.repeat(TEXT_PREVIEW_BYTES * 3))
    server.use(http.get(URL_, () => new HttpResponse(body, { status: 200 })))
    const head = await readTextHead(URL_, { knownSize: 0 })
    expect(head.cut).toBe(true)
    expect(head.text.length).toBe(TEXT_PREVIEW_BYTES)
  })

  it('reads an empty file (an unsatisfiable range) as empty text', async () => {
    server.use(http.get(URL_, () => new HttpResponse(null, { status: 416 })))
    expect(await readTextHead(URL_, { knownSize: 0 })).toEqual({ text: '', cut: false })
  })

  it('fails on an error answer', async () => {
    server.use(http.get(URL_, () => new HttpResponse('gone', { status: 404 })))
    await expect(readTextHead(URL_, { knownSize: 10 })).rejects.toThrow('status 404')
  })
})
