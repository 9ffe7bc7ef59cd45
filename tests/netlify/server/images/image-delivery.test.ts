/**
 * `GET /api/image/{id}` through the real functions and routing table, on in-memory stores, with real
 * sharp: the crop, rotation and focal point applied to a built-in file, the formats, one URL per
 * rendition, the output limits, the render budget, Cloudinary's redirect, and the refusals (decisions
 * 0047, 0070).
 */
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import image from '../../../../netlify/functions/image.mts'
import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import { budgetKey } from '../../../../netlify/server/images/render-budget'
import type { ImageRequest } from '../../../../src/contract/image-renditions'
import { imageUrl, imageVersion } from '../../../../src/contract/image-settings'
import type { MediaRecord } from '../../../../src/contract/record'
import { routeToFunction } from '../../../support/function-router'
import { photoWith } from '../../../support/metadata-jpeg'
import { freshStores, ORIGIN, send, sendOk, uploadFile } from '../../../support/in-process-api'
import { withServerEnv } from '../../../support/server-env'

beforeEach(() => {
  freshStores()
})

afterEach(() => {
  replaceAccessGate(undefined)
})

const RED = { r: 255, g: 0, b: 0 }
const GREEN = { r: 0, g: 255, b: 0 }
const BLUE = { r: 0, g: 0, b: 255 }
const YELLOW = { r: 255, g: 255, b: 0 }

const block = (width: number, height: number, background: typeof RED) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

/** 800x600: red top left, blue top right, green bottom left, yellow bottom right. */
async function quadrants(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: RED } })
    .composite([
      { input: await block(400, 300, BLUE), left: 400, top: 0 },
      { input: await block(400, 300, GREEN), left: 0, top: 300 },
      { input: await block(400, 300, YELLOW), left: 400, top: 300 },
    ])
    .png()
    .toBuffer()
}

/** 800x600: the left half red, the right half blue. */
async function halves(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: RED } })
    .composite([{ input: await block(400, 600, BLUE), left: 400, top: 0 }])
    .png()
    .toBuffer()
}

async function storedImage(name: string, bytes: Buffer, fields: Record<string, unknown> = {}) {
  const { url } = await uploadFile(name, new Uint8Array(bytes))
  const { body } = await sendOk({ method: 'POST', path: '/api/upload', json: { media_url: url, ...fields } })
  return (body as { record: MediaRecord }).record
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await routeToFunction(new Request(`${ORIGIN}${path}`, { headers }))
  if (!response) throw new Error(`No function serves ${path}`)
  const body = Buffer.from(await response.arrayBuffer())
  return { status: response.status, headers: response.headers, body }
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 }
}

/** Within a little of `expected`, as lossy formats leave it. */
function near(actual: typeof RED, expected: typeof RED) {
  for (const channel of ['r', 'g', 'b'] as const)
    expect(Math.abs(actual[channel] - expected[channel])).toBeLessThan(40)
}

/** The rendition's one URL, as the app builds it. */
const at = (record: MediaRecord, request: ImageRequest = {}) => imageUrl(record, request)

/** `width` x `height` of random pixels: the worst picture for every encoder. */
function noise(width: number, height: number, channels: 3 | 4 = 3) {
  const pixels = Buffer.alloc(width * height * channels)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width, height, channels } })
}

describe('GET /api/image/{id} for a built-in image', () => {
  it('answers an 800x600 image cropped to its left half and turned 90 degrees as 600x400', async () => {
    const record = await storedImage('grid.png', await quadrants(), {
      crop: { x: 0, y: 0, width: 0.5, height: 1 },
      rotate: 90,
    })
    const answer = await get(at(record, { fm: 'webp' }))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 600, height: 400 })
    // Turned clockwise: the bottom (green) of the left half is now on the left, its top (red) on the right.
    near(await pixel(answer.body, 100, 200), GREEN)
    near(await pixel(answer.body, 500, 200), RED)
  })

  it('sizes within the box without enlarging, and cuts a cover around the focal point', async () => {
    const centred = await storedImage('halves.png', await halves())
    const sized = async (request: ImageRequest) => sharp((await get(at(centred, request))).body).metadata()
    expect(await sized({ w: 320 })).toMatchObject({ width: 320, height: 240 })
    expect(await sized({ w: 1600 })).toMatchObject({ width: 800, height: 600 })
    expect(await sized({ w: 1600, h: 1600 })).toMatchObject({ width: 800, height: 600 })

    // 1200x300, the left half red: a 150x150 cover keeps 150 of the 600 px it is scaled to.
    const wide = await sharp({ create: { width: 1200, height: 300, channels: 3, background: RED } })
      .composite([{ input: await block(600, 300, BLUE), left: 600, top: 0 }])
      .png()
      .toBuffer()
    const cover = { w: 150, h: 150, fit: 'cover' } as const
    const cut = async (focal: { x: number; y: number } | undefined) => {
      const record = await storedImage('wide.png', wide, focal ? { focal_point: focal } : {})
      const answer = await get(at(record, cover))
      expect(await sharp(answer.body).metadata()).toMatchObject({ width: 150, height: 150 })
      return [await pixel(answer.body, 3, 75), await pixel(answer.body, 146, 75)] as const
    }
    const onRight = await cut({ x: 0.9, y: 0.5 })
    near(onRight[0], BLUE)
    near(onRight[1], BLUE)
    const onLeft = await cut({ x: 0.1, y: 0.5 })
    near(onLeft[0], RED)
    near(onLeft[1], RED)
    const middle = await cut(undefined)
    near(middle[0], RED)
    near(middle[1], BLUE)
  })

  it('never enlarges a tiny picture, whatever size is asked', async () => {
    const dot = await storedImage('dot.png', await block(1, 1, RED))
    for (const request of [{ w: 1600 }, { w: 1600, h: 1600 }, { w: 640, h: 480, fit: 'cover' as const }]) {
      const answer = await get(at(dot, { ...request, fm: 'avif' }))
      expect(await sharp(answer.body).metadata(), JSON.stringify(request)).toMatchObject({
        width: 1,
        height: 1,
      })
    }
  })

  it('holds every answer within a long edge of 4,000 px and 4 megapixels, its own size included', async () => {
    const large = await storedImage('large.jpg', await noise(3000, 2000).jpeg().toBuffer())
    expect(await sharp((await get(at(large))).body).metadata()).toMatchObject({ width: 2449, height: 1632 })
    const tall = await storedImage('tall.png', await block(200, 16_000, BLUE))
    expect(await sharp((await get(at(tall, { w: 320 }))).body).metadata()).toMatchObject({
      width: 50,
      height: 4000,
    })
  })

  it('answers each format asked for, and for auto WebP when the browser takes it, else JPEG', async () => {
    const record = await storedImage('halves.png', await halves())
    for (const [fm, type, format] of [
      ['webp', 'image/webp', 'webp'],
      ['avif', 'image/avif', 'heif'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const answer = await get(at(record, { w: 320, fm }))
      expect(answer.headers.get('content-type')).toBe(type)
      expect((await sharp(answer.body).metadata()).format).toBe(format)
      expect(answer.headers.get('vary')).toBeNull()
      expect(answer.headers.get('netlify-vary')).toBe('query=w|h|fit|fm|v')
    }
    const webp = await get(at(record, { w: 320 }), { accept: 'image/avif,image/webp,*/*' })
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('vary')).toBe('Accept')
    expect(webp.headers.get('netlify-vary')).toBe('query=w|h|fit|fm|v,header=Accept')
    const photo = await storedImage(
      'photo.jpg',
      await sharp(await halves())
        .jpeg()
        .toBuffer(),
    )
    const plain = await get(at(photo, { w: 320 }), { accept: '*/*' })
    expect(plain.headers.get('content-type')).toBe('image/jpeg')
  })

  it('keeps transparency as PNG for auto without WebP, and drops the EXIF of the original', async () => {
    const clear = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { ...RED, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const transparent = await storedImage('clear.png', clear)
    expect((await get(at(transparent))).headers.get('content-type')).toBe('image/png')

    const photo = await photoWith({ exif: { IFD0: { Make: 'Acme' } } })
    const stored = await storedImage('photo.jpg', photo)
    const answer = await get(at(stored, { fm: 'jpg' }))
    expect((await sharp(answer.body).metadata()).exif).toBeUndefined()
  })

  it('applies the EXIF orientation first, so the settings mean what a browser shows', async () => {
    // Stored 8x6, shown turned a quarter (orientation 6) as 6x8.
    const photo = await photoWith({ orientation: 6 })
    const record = await storedImage('turned.jpg', photo, { crop: { x: 0, y: 0, width: 0.5, height: 1 } })
    const answer = await get(at(record))
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 3, height: 8 })
  })

  it('renders only the one URL of each rendition at the current version, and the CDN keeps it for good', async () => {
    const record = await storedImage('halves.png', await halves(), { rotate: 180 })
    const id = String(record.id)
    const version = imageVersion(record)
    const current = await get(at(record, { w: 320, fm: 'webp' }))
    expect(current.status).toBe(200)
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(current.headers.get('netlify-cdn-cache-control')).toBe(
      'public, durable, max-age=31536000, immutable',
    )
    expect(current.headers.get('netlify-cache-tag')).toMatch(/^file-/)

    // A stale or missing version, a default spelled out, another order: sent to the one URL, not rendered.
    const canonical = `/api/image/${id}?w=320&fm=webp&v=${version}`
    for (const query of [
      'w=320&fm=webp',
      'w=320&fm=webp&v=0old0',
      `fm=webp&w=320&v=${version}`,
      `w=320&fit=contain&fm=webp&v=${version}`,
    ]) {
      const answer = await get(`/api/image/${id}?${query}`)
      expect(answer.status, query).toBe(302)
      expect(answer.headers.get('location'), query).toBe(canonical)
      expect(answer.headers.get('cache-control'), query).toBe('no-store')
    }
    const atFunction = await image(
      new Request(`${ORIGIN}/.netlify/functions/image?id=${id}&w=320&fm=webp&v=${version}`),
    )
    expect(atFunction.headers.get('location')).toBe(canonical)

    const etag = current.headers.get('etag') ?? ''
    expect((await get(canonical, { 'if-none-match': etag })).status).toBe(304)

    await sendOk({ method: 'PATCH', path: `/api/update/${id}`, json: { rotate: null } })
    const old = await get(canonical, { 'if-none-match': etag })
    expect(old.status).toBe(302)
    expect(old.headers.get('location')).toBe(
      `/api/image/${id}?w=320&fm=webp&v=${imageVersion({ ...record, rotate: undefined })}`,
    )
  })

  it("renders within the address's budget of megapixels, and answers 429 with Retry-After past it", async () => {
    const stores = freshStores()
    const record = await storedImage('halves.png', await halves())
    const from = (address: string) => ({ 'x-nf-client-connection-ip': address })
    // An address that has spent all but 0.5 megapixels of its budget: the render costs 0.48 + 0.48.
    await stores.documents.write(
      budgetKey('203.0.113.9'),
      { megapixels: 0.5, at: Date.now() },
      { ifNew: true },
    )
    const refused = await get(at(record, { fm: 'jpg' }), from('203.0.113.9'))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(JSON.parse(refused.body.toString())).toEqual({
      error: expect.stringContaining('Too many pictures rendered from this address') as string,
    })
    // Another address has its own budget.
    expect((await get(at(record, { fm: 'jpg' }), from('198.51.100.4'))).status).toBe(200)
  })

  it('is kept private behind the access gate, and asks for the token or cookie', async () => {
    const record = await storedImage('halves.png', await halves())
    const token = 'a-long-random-token-0123456789'
    replaceAccessGate(accessGateFor(token))
    const path = at(record, { w: 320 })
    expect((await get(path)).status).toBe(401)
    const answer = await get(path, { authorization: `Bearer ${token}` })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(answer.headers.has('netlify-cdn-cache-control')).toBe(false)
  })
})

describe('GET /api/image/{id} refuses', () => {
  it('a parameter, value or size the app never asks for, with a 400 naming it', async () => {
    const { id } = await storedImage('halves.png', await halves())
    const sizes =
      "This size is not one the app delivers; ask for no w or h (the picture's own size); w alone of 320, 640, 1024, 1600; w=1600&h=1600; or fit=cover at 150x150, 320x240, 480x360, 640x480"
    for (const [query, message] of [
      ['w=0', 'w must be a whole number of pixels'],
      ['h=1.5', 'h must be a whole number of pixels'],
      ['w=abc', 'w must be a whole number of pixels'],
      ['w=4000', sizes],
      ['w=4000&h=4000&fit=cover', sizes],
      ['w=200&h=200', sizes],
      ['fit=cover', sizes],
      ['fit=fill', 'fit must be one of contain, cover'],
      ['fm=png', 'fm must be one of auto, webp, avif, jpg'],
      ['fm=gif', 'fm must be one of auto, webp, avif, jpg'],
      ['w=320&w=320', 'w is given more than once'],
      ['w=320&cb=1', 'Unknown parameter "cb": the image route takes only w, h, fit, fm, v'],
      ['v=../x', 'v must be the version the app puts in the URL: letters and digits'],
    ]) {
      const answer = await send({ method: 'GET', path: `/api/image/${String(id)}?${query}` })
      expect(answer, query).toMatchObject({ status: 400, body: { error: message } })
    }
    expect(await send({ method: 'GET', path: '/api/image/abc' })).toMatchObject({
      status: 400,
      body: { error: 'Invalid file id ("abc"): ids are positive whole numbers' },
    })
  })

  it('a missing or trashed file with a 404', async () => {
    expect(await send({ method: 'GET', path: '/api/image/99' })).toMatchObject({
      status: 404,
      body: { error: 'File 99 not found' },
    })
    const record = await storedImage('halves.png', await halves())
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(record.id)}` })
    expect((await send({ method: 'GET', path: at(record) })).status).toBe(404)
  })

  it('a file that is not an image it can transform, or is on another host, with a 415', async () => {
    const { url } = await uploadFile('notes.txt', new TextEncoder().encode('plain words'))
    const text = await sendOk({ method: 'POST', path: '/api/upload', json: { media_url: url } })
    const textId = (text.body as { record: MediaRecord }).record.id
    expect(await send({ method: 'GET', path: `/api/image/${String(textId)}` })).toMatchObject({
      status: 415,
      body: {
        error: `File ${String(textId)} (Plain text) cannot be delivered with a crop, rotation or size: only JPEG, PNG, GIF, WebP, AVIF and TIFF images can. Open the original file instead.`,
      },
    })
    const svg = await sendOk({
      method: 'POST',
      path: '/api/upload',
      json: { media_url: 'https://cdn.example.test/a.svg' },
    })
    const svgId = (svg.body as { record: MediaRecord }).record.id
    expect((await send({ method: 'GET', path: `/api/image/${String(svgId)}` })).status).toBe(415)
    const elsewhere = await sendOk({
      method: 'POST',
      path: '/api/upload',
      json: { media_url: 'https://cdn.example.test/a.jpg' },
    })
    const elsewhereRecord = (elsewhere.body as { record: MediaRecord }).record
    expect(await send({ method: 'GET', path: at(elsewhereRecord) })).toMatchObject({
      status: 415,
      body: { error: expect.stringContaining('is stored at an address this site does not serve') as string },
    })
  })

  it('bytes that are not a raster image, whatever the record says, before any decoder sees them', async () => {
    const notRaster =
      "This file's contents are not a JPEG, PNG, GIF, WebP, AVIF or TIFF image, so it cannot be delivered with a crop, rotation or size; open the original file instead."
    const svg = (body: string) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000">${body}</svg>`)
    for (const [name, bytes] of [
      ['fake.png', Buffer.from('not a picture at all')],
      ['vector.png', svg('<rect width="10" height="10" fill="red"/>')],
      [
        'noise.png',
        svg(
          '<filter id="n"><feTurbulence baseFrequency="0.9"/></filter><rect width="7000" height="7000" filter="url(#n)"/>',
        ),
      ],
      ['paper.jpg', Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n')],
    ] as const) {
      const record = await storedImage(name, bytes)
      expect(await send({ method: 'GET', path: at(record, { w: 320 }) }), name).toMatchObject({
        status: 415,
        body: { error: notRaster },
      })
    }
  })

  it('an image that declares more pixels than the limit, with a 415 before decoding', async () => {
    // A 1x1 PNG whose header claims 30,000 x 30,000 pixels (900 megapixels).
    const png = await block(1, 1, RED)
    png.writeUInt32BE(30_000, 16)
    png.writeUInt32BE(30_000, 20)
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
    const bomb = await storedImage('bomb.png', png)
    expect(await send({ method: 'GET', path: at(bomb, { w: 320 }) })).toMatchObject({
      status: 415,
      body: {
        error:
          'This image is too large to transform (at most 50 megapixels and 50 MB); open the original file instead.',
      },
    })
  })
})

describe('GET /api/image/{id} for a Cloudinary image', () => {
  const CLOUD = 'https://res.cloudinary.com/demo/image/upload/v17/HIBF_assets/pier.jpg'
  withServerEnv(() => ({ CLOUDINARY_CLOUD_NAME: 'demo' }))

  async function cloudinaryRecord(fields: Record<string, unknown>) {
    const { body } = await sendOk({
      method: 'POST',
      path: '/api/upload',
      json: { media_url: CLOUD, ...fields },
    })
    return (body as { record: MediaRecord }).record
  }

  it('redirects to Cloudinary with the crop, the turn, the focal point and the size as transformations', async () => {
    const record = await cloudinaryRecord({
      width: 800,
      height: 600,
      crop: { x: 0, y: 0, width: 0.5, height: 1 },
      rotate: 90,
      focal_point: { x: 0.25, y: 0.25 },
    })
    const answer = await send({ method: 'GET', path: at(record, { w: 320, h: 240, fit: 'cover' }) })
    expect(answer.status).toBe(302)
    // The left half is 400x600; turned, 600x400, where the focal point (200, 150) lands at (450, 200).
    expect(answer.headers.get('location')).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_crop,h_600,w_400,x_0,y_0/a_90/c_fill,g_xy_center,h_240,w_320,x_450,y_200/f_auto,q_auto/HIBF_assets/pier',
    )
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('gives the crop as fractions when the record does not know its size', async () => {
    const record = await cloudinaryRecord({ crop: { x: 0.25, y: 0, width: 0.5, height: 1 } })
    const answer = await send({ method: 'GET', path: at(record, { w: 640, fm: 'webp' }) })
    expect(answer.headers.get('location')).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_crop,h_1.0,w_0.5,x_0.25,y_0.0/c_limit,w_640/f_webp,q_auto/HIBF_assets/pier',
    )
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('redirects only to the configured account: another account, or none configured, is a 415 and no Location', async () => {
    const other = await cloudinaryRecord({
      media_url: 'https://res.cloudinary.com/someone-else/image/upload/v17/HIBF_assets/pier.jpg',
    })
    const refused = await send({ method: 'GET', path: at(other) })
    expect(refused).toMatchObject({
      status: 415,
      body: {
        error: `File ${String(other.id)} is stored at an address this site does not serve or vouch for: only images stored here or on this site's Cloudinary account can be delivered with a crop, rotation or size. Open the original file instead.`,
      },
    })
    expect(refused.headers.get('location')).toBeNull()

    const own = await cloudinaryRecord({})
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', '')
    try {
      const unconfigured = await send({ method: 'GET', path: at(own) })
      expect(unconfigured.status).toBe(415)
      expect(unconfigured.headers.get('location')).toBeNull()
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
