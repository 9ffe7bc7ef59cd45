/**
 * How the built-in host's thumbnails (the JPEG the page renders for a PDF or video and stores beside the
 * file) and files are cached, through the real functions and routing table: the bytes under a file URL
 * never change (each upload gets a new id, and nothing replaces a file in place), so browsers and the CDN
 * may keep them a year without asking again; a revalidation still gets 304; behind the access gate only
 * the browser may keep them; and a removed file's URL stops answering and its CDN copy is purged.
 */
import { readFile } from 'node:fs/promises'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { fileCacheTag, replaceCachePurge } from '../../../../netlify/server/files/file-cache'
import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { freshStores, send, sendOk, uploadFile } from '../../../support/in-process-api'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const TOKEN = 'a-long-random-token-0123456789'

let purged: string[]

beforeEach(() => {
  freshStores()
  purged = []
  replaceCachePurge((tags) => {
    purged.push(...tags)
    return Promise.resolve()
  })
})

afterEach(() => {
  replaceCachePurge(undefined)
  replaceAccessGate(undefined)
  replaceDocumentStore(undefined)
})

async function storedThumbnail(): Promise<{ id: string; url: string }> {
  const bytes = new Uint8Array(
    await readFile(new URL('../../../fixtures/media/landscape.jpg', import.meta.url)),
  )
  return uploadFile('Launch spot-thumbnail.jpg', bytes)
}

describe('a stored thumbnail', () => {
  it('is served as an image the browser and the CDN keep for a year, with a strong ETag and its cache tag', async () => {
    const { id, url } = await storedThumbnail()
    const served = await send({ method: 'GET', path: url })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(served.headers.get('etag')).toBe(`"${id}"`)
    expect(served.headers.get('netlify-cache-tag')).toBe(fileCacheTag(id))
  })

  it('answers a revalidation with 304, no body and the same caching headers', async () => {
    const { id, url } = await storedThumbnail()
    const again = await send({ method: 'GET', path: url, headers: { 'If-None-Match': `"${id}"` } })
    expect(again.status).toBe(304)
    expect(again.body).toBeNull()
    expect(again.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(again.headers.get('etag')).toBe(`"${id}"`)
    expect(again.headers.get('netlify-cache-tag')).toBe(fileCacheTag(id))
  })

  it('behind the access gate, may be kept by the browser only', async () => {
    const { url } = await storedThumbnail()
    replaceAccessGate(accessGateFor(TOKEN))
    const served = await send({ method: 'GET', path: url, headers: { authorization: `Bearer ${TOKEN}` } })
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
  })

  it('once its record is purged from the trash, no longer answers and is purged from the CDN', async () => {
    const file = await uploadFile(
      'clip.mp4',
      new Uint8Array(await readFile(new URL('../../../fixtures/media/clip.mp4', import.meta.url))),
    )
    const thumbnail = await storedThumbnail()
    const created = await sendOk({
      method: 'POST',
      path: '/api/upload',
      json: { title: 'Launch spot', media_url: file.url, thumbnail: thumbnail.url, file_size: 10 },
    })
    const { id } = (created.body as { record: { id: number } }).record
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(id)}` })
    await sendOk({ method: 'POST', path: '/api/trash/purge', json: { ids: [id] } })

    const gone = await send({ method: 'GET', path: thumbnail.url })
    expect(gone.status).toBe(404)
    expect(gone.headers.get('cache-control')).toBe('no-store')
    expect(purged).toEqual(expect.arrayContaining([fileCacheTag(file.id), fileCacheTag(thumbnail.id)]))
  })
})
