/**
 * `GET /api/image/{id}` through the real functions and routing table, on in-memory stores, with real
 * sharp: the crop, rotation and focal point applied to a built-in file, the formats, the caching by
 * version, Cloudinary's redirect, and the refusals (decision 0047).
 */
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import { imageVersion } from '../../../../src/contract/image-settings'
import type { MediaRecord } from '../../../../src/contract/record'
import { routeToFunction } from '../../../support/function-router'
import { photoWith } from '../../../support/metadata-jpeg'
import { freshStores, ORIGIN, send, sendOk, uploadFile } from '../../../support/in-process-api'

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

describe('GET /api/image/{id} for a built-in image', () => {
  it('answers an 800x600 image cropped to its left half and turned 90 degrees as 600x400', async () => {
    const record = await storedImage('grid.png', await quadrants(), {
      crop: { x: 0, y: 0, width: 0.5, height: 1 },
      rotate: 90,
    })
    const answer = await get(`/api/image/${String(record.id)}?fm=png`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/png')
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 600, height: 400, format: 'png' })
    // Turned clockwise: the bottom (green) of the left half is now on the left, its top (red) on the right.
    near(await pixel(answer.body, 100, 200), GREEN)
    near(await pixel(answer.body, 500, 200), RED)
  })

  it('sizes within w and h, and cuts a cover around the focal point', async () => {
    const centred = await storedImage('halves.png', await halves())
    const contained = await get(`/api/image/${String(centred.id)}?w=200&h=200&fm=png`)
    expect(await sharp(contained.body).metadata()).toMatchObject({ width: 200, height: 150 })
    const wide = await get(`/api/image/${String(centred.id)}?w=400&fm=png`)
    expect(await sharp(wide.body).metadata()).toMatchObject({ width: 400, height: 300 })
    const never = await get(`/api/image/${String(centred.id)}?w=4000&fm=png`)
    expect(await sharp(never.body).metadata()).toMatchObject({ width: 800, height: 600 })

    const right = await storedImage('halves.png', await halves(), { focal_point: { x: 0.9, y: 0.5 } })
    const left = await storedImage('halves.png', await halves(), { focal_point: { x: 0.1, y: 0.5 } })
    const cover = '?w=50&h=100&fit=cover&fm=png'
    const onRight = await get(`/api/image/${String(right.id)}${cover}`)
    expect(await sharp(onRight.body).metadata()).toMatchObject({ width: 50, height: 100 })
    near(await pixel(onRight.body, 2, 50), BLUE)
    near(await pixel(onRight.body, 47, 50), BLUE)
    const onLeft = await get(`/api/image/${String(left.id)}${cover}`)
    near(await pixel(onLeft.body, 2, 50), RED)
    near(await pixel(onLeft.body, 47, 50), RED)
    const middle = await get(`/api/image/${String(centred.id)}${cover}`)
    near(await pixel(middle.body, 2, 50), RED)
    near(await pixel(middle.body, 47, 50), BLUE)

    const stretched = await get(`/api/image/${String(centred.id)}?w=100&h=100&fit=fill&fm=png`)
    expect(await sharp(stretched.body).metadata()).toMatchObject({ width: 100, height: 100 })
  })

  it('answers each format asked for, and for auto WebP when the browser takes it, else JPEG', async () => {
    const { id } = await storedImage('halves.png', await halves())
    for (const [fm, type, format] of [
      ['webp', 'image/webp', 'webp'],
      ['avif', 'image/avif', 'heif'],
      ['jpg', 'image/jpeg', 'jpeg'],
      ['png', 'image/png', 'png'],
    ] as const) {
      const answer = await get(`/api/image/${String(id)}?w=80&fm=${fm}`)
      expect(answer.headers.get('content-type')).toBe(type)
      expect((await sharp(answer.body).metadata()).format).toBe(format)
      expect(answer.headers.get('vary')).toBeNull()
    }
    const webp = await get(`/api/image/${String(id)}?w=80`, { accept: 'image/avif,image/webp,*/*' })
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('vary')).toBe('Accept')
    const photo = await storedImage(
      'photo.jpg',
      await sharp(await halves())
        .jpeg()
        .toBuffer(),
    )
    const plain = await get(`/api/image/${String(photo.id)}?w=80&fm=auto`, { accept: '*/*' })
    expect(plain.headers.get('content-type')).toBe('image/jpeg')
  })

  it('keeps transparency as PNG for auto without WebP, and drops the EXIF of the original', async () => {
    const clear = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { ...RED, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const { id } = await storedImage('clear.png', clear)
    expect((await get(`/api/image/${String(id)}`)).headers.get('content-type')).toBe('image/png')

    const photo = await photoWith({ exif: { IFD0: { Make: 'Acme' } } })
    const stored = await storedImage('photo.jpg', photo)
    const answer = await get(`/api/image/${String(stored.id)}?fm=jpg`)
    expect((await sharp(answer.body).metadata()).exif).toBeUndefined()
  })

  it('applies the EXIF orientation first, so the settings mean what a browser shows', async () => {
    // Stored 8x6, shown turned a quarter (orientation 6) as 6x8.
    const photo = await photoWith({ orientation: 6 })
    const record = await storedImage('turned.jpg', photo, { crop: { x: 0, y: 0, width: 0.5, height: 1 } })
    const answer = await get(`/api/image/${String(record.id)}?fm=png`)
    expect(await sharp(answer.body).metadata()).toMatchObject({ width: 3, height: 8 })
  })

  it('is immutable on the CDN only at the version the record has now', async () => {
    const record = await storedImage('halves.png', await halves(), { rotate: 180 })
    const version = imageVersion(record)
    const current = await get(`/api/image/${String(record.id)}?w=100&fm=webp&v=${version}`)
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(current.headers.get('netlify-cdn-cache-control')).toBe(
      'public, durable, max-age=31536000, immutable',
    )
    expect(current.headers.get('netlify-cache-tag')).toMatch(/^file-/)

    for (const query of ['?w=100&fm=webp', '?w=100&fm=webp&v=0old0']) {
      const answer = await get(`/api/image/${String(record.id)}${query}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
      expect(answer.headers.has('netlify-cdn-cache-control')).toBe(false)
    }

    const etag = current.headers.get('etag') ?? ''
    const again = await get(`/api/image/${String(record.id)}?w=100&fm=webp&v=${version}`, {
      'if-none-match': etag,
    })
    expect(again.status).toBe(304)

    await sendOk({ method: 'PATCH', path: `/api/update/${String(record.id)}`, json: { rotate: null } })
    const old = await get(`/api/image/${String(record.id)}?w=100&fm=webp&v=${version}`, {
      'if-none-match': etag,
    })
    expect(old.status).toBe(200)
    expect(old.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it('is kept private behind the access gate, and asks for the token or cookie', async () => {
    const record = await storedImage('halves.png', await halves())
    const token = 'a-long-random-token-0123456789'
    replaceAccessGate(accessGateFor(token))
    const path = `/api/image/${String(record.id)}?w=50&fm=png&v=${imageVersion(record)}`
    expect((await get(path)).status).toBe(401)
    const answer = await get(path, { authorization: `Bearer ${token}` })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(answer.headers.has('netlify-cdn-cache-control')).toBe(false)
  })
})

describe('GET /api/image/{id} refuses', () => {
  it('bad parameters with a 400 naming them', async () => {
    const { id } = await storedImage('halves.png', await halves())
    for (const [query, message] of [
      ['w=0', 'w must be a whole number of pixels from 1 to 4000'],
      ['w=4001', 'w must be a whole number of pixels from 1 to 4000'],
      ['h=1.5', 'h must be a whole number of pixels from 1 to 4000'],
      ['w=abc', 'w must be a whole number of pixels from 1 to 4000'],
      ['fit=stretch', 'fit must be one of contain, cover, fill'],
      ['fm=gif', 'fm must be one of auto, webp, avif, jpg, png'],
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
    const { id } = await storedImage('halves.png', await halves())
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(id)}` })
    expect((await send({ method: 'GET', path: `/api/image/${String(id)}` })).status).toBe(404)
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
    const elsewhereId = (elsewhere.body as { record: MediaRecord }).record.id
    expect(await send({ method: 'GET', path: `/api/image/${String(elsewhereId)}` })).toMatchObject({
      status: 415,
      body: { error: expect.stringContaining('is on another host') as string },
    })
  })

  it('a file that is no image, and one that declares more pixels than the limit, with a 415 before decoding', async () => {
    const fake = await storedImage('fake.png', Buffer.from('not a picture at all'))
    expect(await send({ method: 'GET', path: `/api/image/${String(fake.id)}` })).toMatchObject({
      status: 415,
      body: { error: 'This file could not be read as an image; open the original file instead.' },
    })
    // A 1x1 PNG whose header claims 30,000 x 30,000 pixels (900 megapixels).
    const png = await block(1, 1, RED)
    png.writeUInt32BE(30_000, 16)
    png.writeUInt32BE(30_000, 20)
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
    const bomb = await storedImage('bomb.png', png)
    expect(await send({ method: 'GET', path: `/api/image/${String(bomb.id)}?w=10` })).toMatchObject({
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
    const answer = await send({
      method: 'GET',
      path: `/api/image/${String(record.id)}?w=300&h=300&fit=cover&v=${imageVersion(record)}`,
    })
    expect(answer.status).toBe(302)
    // The left half is 400x600; turned, 600x400, where the focal point (200, 150) lands at (450, 200).
    expect(answer.headers.get('location')).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_crop,h_600,w_400,x_0,y_0/a_90/c_fill,g_xy_center,h_300,w_300,x_450,y_200/f_auto,q_auto/HIBF_assets/pier',
    )
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('gives the crop as fractions when the record does not know its size', async () => {
    const record = await cloudinaryRecord({ crop: { x: 0.25, y: 0, width: 0.5, height: 1 } })
    const answer = await send({ method: 'GET', path: `/api/image/${String(record.id)}?w=640&fm=webp` })
    expect(answer.headers.get('location')).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_crop,h_1.0,w_0.5,x_0.25,y_0.0/c_limit,w_640/f_webp,q_auto/HIBF_assets/pier',
    )
    expect(answer.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })
})
