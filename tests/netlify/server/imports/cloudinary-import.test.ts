import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { importFromUrl, type ImportOptions } from '../../../../netlify/server/imports/import-file'
import { idempotencyClaim } from '../../../../netlify/server/records/idempotency'
import type { Resolver } from '../../../../netlify/server/imports/remote-fetch'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import type { MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import {
  cloudinaryHandlers,
  STAND_IN_API_KEY,
  STAND_IN_API_SECRET,
} from '../../../support/cloudinary-handlers'
import { cloudinaryDestroyHandlers } from '../../../support/cloudinary-destroy-handlers'

/**
 * With Cloudinary as the media host, an import asks Cloudinary to fetch the address (a signed upload
 * with `file=<url>`), after the same checks as for the built-in host (decision 0048).
 */
const API_BASE = 'https://api.cloudinary.com'
const PHOTO = 'https://files.example.com/photos/cat.png'
const stand = cloudinaryHandlers({
  cloudName: 'demo',
  apiBase: API_BASE,
  remoteFiles: {
    [PHOTO]: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' }),
  },
})
const destroy = cloudinaryDestroyHandlers({
  apiBase: API_BASE,
  apiKey: STAND_IN_API_KEY,
  apiSecret: STAND_IN_API_SECRET,
})
const server = setupServer(...stand.handlers, ...destroy.handlers)
const resolve: Resolver = (hostname) =>
  Promise.resolve([
    { address: hostname === 'inside.example.com' ? '192.168.0.10' : '93.184.215.14', family: 4 },
  ])

let stores: MediaHostStores
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
  stand.received.length = 0
  destroy.destroyed.length = 0
})
afterAll(() => {
  server.close()
})

const options = (overrides: Partial<ImportOptions> = {}): ImportOptions => ({
  stores,
  settings: { maxUploadBytes: 1024, expiryMs: 3_600_000 },
  timeLimitMs: 5_000,
  seams: { resolve },
  cloudinary: {
    cloudName: 'demo',
    apiKey: STAND_IN_API_KEY,
    apiSecret: STAND_IN_API_SECRET,
    apiBase: API_BASE,
  },
  ...overrides,
})

describe('importing from a URL into Cloudinary', () => {
  it('asks Cloudinary to fetch the address with a signed upload into HIBF_assets, and stores its record', async () => {
    const record = await importFromUrl(PHOTO, { tags: ['cats'] }, options())
    expect(stand.received).toHaveLength(1)
    expect(stand.received[0]?.fields).toMatchObject({
      file: PHOTO,
      folder: 'HIBF_assets',
      api_key: STAND_IN_API_KEY,
    })
    expect(record).toMatchObject({
      title: 'cat',
      tags: ['cats'],
      file_type: 'image/png',
      resource_type: 'image',
      file_size: 4,
    })
    expect(record.media_url).toMatch(
      /^https:\/\/res\.cloudinary\.com\/demo\/image\/upload\/v\d+\/HIBF_assets\/.+\.png$/,
    )
    expect(record.public_id).toMatch(/^HIBF_assets\//)
    // Nothing went into the built-in host.
    expect(await stores.bytes.list('')).toEqual([])
  })

  it.each([
    ['https://127.0.0.1/cat.png', /this server itself/],
    ['https://[::ffff:10.0.0.1]/cat.png', /private network/],
    ['https://inside.example.com/cat.png', /private network/],
    ['http://files.example.com/cat.png', /not encrypted/],
  ])('refuses %s before asking Cloudinary', async (url, reason) => {
    await expect(importFromUrl(url, {}, options())).rejects.toThrow(reason)
    expect(stand.received).toEqual([])
  })

  it('passes on why Cloudinary could not fetch the file', async () => {
    await expect(importFromUrl('https://files.example.com/missing.png', {}, options())).rejects.toThrow(
      'Cloudinary could not import that address: Resource not found - https://files.example.com/missing.png',
    )
  })
})

describe('importing from a URL into Cloudinary with an Idempotency-Key', () => {
  it('keeps one record when the same key is sent twice at once, and destroys the other asset', async () => {
    const claim = () => ({ claim: idempotencyClaim('k1', { url: PHOTO }) })
    const [one, two] = await Promise.all([
      importFromUrl(PHOTO, {}, options(claim())),
      importFromUrl(PHOTO, {}, options(claim())),
    ])
    expect(two).toEqual(one)
    expect(stand.received).toHaveLength(2)
    expect(destroy.destroyed).toHaveLength(1)
    expect(one.media_url).not.toContain(destroy.destroyed[0]?.publicId ?? '')
    // A retry later fetches nothing.
    expect(await importFromUrl(PHOTO, {}, options(claim()))).toEqual(one)
    expect(stand.received).toHaveLength(2)
  })
})
