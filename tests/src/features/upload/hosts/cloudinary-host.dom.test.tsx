import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { MediaHostResult } from '../../../../../src/contract/uploads'
import { createCloudinaryHost } from '../../../../../src/features/upload/hosts/cloudinary-host'
import { cloudinaryThumbnailUrl } from '../../../../../src/features/upload/hosts/cloudinary-thumbnails'
import { mediaHostFromEnv } from '../../../../../src/features/upload/hosts/media-host-from-env'
import { cloudinaryHandlers } from '../../../../support/cloudinary-handlers'
import { makeFile } from '../../../../support/upload-services'

const API_BASE = 'https://cloudinary.test'
const cloudinary = cloudinaryHandlers({ cloudName: 'demo', apiBase: API_BASE })
const server = setupServer(...cloudinary.handlers)

const host = (options: Partial<Parameters<typeof createCloudinaryHost>[0]> = {}) =>
  createCloudinaryHost({
    cloudName: 'demo',
    uploadPreset: 'unsigned_preset',
    apiBase: API_BASE,
    retryDelays: [],
    ...options,
  })

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  cloudinary.received.length = 0
})
afterAll(() => {
  server.close()
})

describe('the Cloudinary client', () => {
  it('posts the file with the unsigned preset into HIBF_assets and maps the answer', async () => {
    const progress: number[] = []
    const result = await host().upload(makeFile('sunset.jpg', 50_000, 'image/jpeg'), {
      onProgress: (fraction) => progress.push(fraction),
    })
    expect(cloudinary.received).toEqual([
      expect.objectContaining({
        resourceType: 'auto',
        fields: { upload_preset: 'unsigned_preset', folder: 'HIBF_assets' },
        fileName: 'sunset.jpg',
        fileBytes: 50_000,
        contentRange: null,
      }),
    ])
    expect(result).toMatchObject({
      resource_type: 'image',
      format: 'jpg',
      bytes: 50_000,
      width: 1920,
      height: 1441,
    })
    expect(result.duration).toBeNull()
    expect(result.public_id).toMatch(/^HIBF_assets\/[a-z0-9]+$/)
    expect(result.secure_url).toBe(
      `https://res.cloudinary.com/demo/image/upload/v1719307544/${result.public_id}.jpg`,
    )
    expect(progress.at(-1)).toBe(1)
  })

  it('sends a file above 20 MB in chunks of at least 5 MB under one upload id', async () => {
    const size = 25 * 1024 * 1024 + 17
    const progress: number[] = []
    const result = await host().upload(makeFile('keynote.mp4', size, 'video/mp4'), {
      onProgress: (fraction) => progress.push(fraction),
    })
    const ranges = cloudinary.received.map((request) => request.contentRange)
    expect(ranges).toEqual([
      `bytes 0-19999999/${String(size)}`,
      `bytes 20000000-${String(size - 1)}/${String(size)}`,
    ])
    const ids = new Set(cloudinary.received.map((request) => request.uniqueUploadId))
    expect(ids.size).toBe(1)
    expect([...ids][0]).toMatch(/^[a-f0-9]{32}$/)
    expect(cloudinary.received.every((request) => request.fields.upload_preset === 'unsigned_preset')).toBe(
      true,
    )
    expect(result).toMatchObject({ resource_type: 'video', format: 'mp4', bytes: size, duration: 28.04 })
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(progress.some((fraction) => fraction > 0 && fraction < 1)).toBe(true)
    expect(progress.at(-1)).toBe(1)
  })

  it('gives the spec status message with Cloudinary error text as the detail', async () => {
    const failure = host({ uploadPreset: 'signed_preset' }).upload(makeFile('a.png', 100, 'image/png'))
    await expect(failure).rejects.toMatchObject({
      message: 'Upload failed with status: 400',
      detail: 'Upload preset must be whitelisted for unsigned uploads',
    })
  })

  it('reports a file over the plan limit in Cloudinary words', async () => {
    const freePlan = cloudinaryHandlers({ cloudName: 'demo', apiBase: API_BASE, maxFileBytes: 1024 * 1024 })
    server.use(...freePlan.handlers)
    const failure = host().upload(makeFile('huge.png', 2 * 1024 * 1024, 'image/png'))
    await expect(failure).rejects.toMatchObject({
      message: 'Upload failed with status: 400',
      detail: `File size too large. Got ${String(2 * 1024 * 1024)}. Maximum is ${String(1024 * 1024)}.`,
    })
  })

  it('reports a request with no answer as the spec network message', async () => {
    server.use(http.post(`${API_BASE}/v1_1/demo/auto/upload`, () => HttpResponse.error()))
    await expect(host().upload(makeFile('a.png', 100, 'image/png'))).rejects.toMatchObject({
      message: 'Network error during upload',
    })
  })

  it('sends a chunk again after a transient failure', async () => {
    let failures = 1
    server.use(
      http.post(`${API_BASE}/v1_1/demo/auto/upload`, () => {
        if (failures-- > 0) return HttpResponse.error()
        return undefined
      }),
    )
    const result = await host({ retryDelays: [0] }).upload(makeFile('a.png', 100, 'image/png'))
    expect(result.resource_type).toBe('image')
  })

  it('says what Cloudinary refused before it sends the file again', async () => {
    let failures = 1
    server.use(
      http.post(`${API_BASE}/v1_1/demo/auto/upload`, ({ request }) => {
        // Cloudinary's answers carry CORS headers; without them the page could not read the status.
        const headers = { 'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*' }
        if (failures-- > 0) return HttpResponse.json({ error: { message: 'Busy' } }, { status: 503, headers })
        return undefined
      }),
    )
    const retried: number[] = []
    const result = await host({ retryDelays: [0] }).upload(makeFile('a.png', 100, 'image/png'), {
      onRetrying: (status) => retried.push(status),
    })
    expect(retried).toEqual([503])
    expect(result.resource_type).toBe('image')
  })
})

describe('Cloudinary thumbnails', () => {
  const result = (overrides: Partial<MediaHostResult>): MediaHostResult => ({
    secure_url: 'https://res.cloudinary.com/demo/image/upload/v1719307544/HIBF_assets/abc.jpg',
    public_id: 'HIBF_assets/abc',
    resource_type: 'image',
    format: 'jpg',
    bytes: 1,
    width: 10,
    height: 10,
    duration: null,
    ...overrides,
  })

  it('fills images to 150x150', () => {
    expect(cloudinaryThumbnailUrl(result({}), 'image/jpeg')).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_fill,h_150,w_150/v1719307544/HIBF_assets/abc.jpg',
    )
  })

  it("shows a PDF's first page and a video's first frame as JPEG", () => {
    const pdf = result({
      format: 'pdf',
      secure_url: 'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/doc.pdf',
    })
    expect(cloudinaryThumbnailUrl(pdf, 'application/pdf')).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_fill,h_150,pg_1,w_150/v1/HIBF_assets/doc.jpg',
    )
    const video = result({
      resource_type: 'video',
      format: 'mp4',
      secure_url: 'https://res.cloudinary.com/demo/video/upload/v1/HIBF_assets/clip.mp4',
    })
    expect(cloudinaryThumbnailUrl(video, 'video/mp4')).toBe(
      'https://res.cloudinary.com/demo/video/upload/c_fill,h_150,so_0,w_150/v1/HIBF_assets/clip.jpg',
    )
  })

  it('gives audio and raw files none, so the screen shows their icon', () => {
    const audio = result({ resource_type: 'video', format: 'mp3', width: null, height: null })
    expect(cloudinaryThumbnailUrl(audio, 'audio/mpeg')).toBeNull()
    expect(
      cloudinaryThumbnailUrl(result({ resource_type: 'raw', format: 'zip' }), 'application/zip'),
    ).toBeNull()
  })
})

describe('choosing the media host', () => {
  it('uses Cloudinary when the cloud name is set (signed without a preset: cloudinary-signed.test.tsx)', () => {
    expect(mediaHostFromEnv({}).kind).toBe('builtin')
    expect(mediaHostFromEnv({ VITE_CLOUDINARY_UPLOAD_PRESET: 'unsigned_preset' }).kind).toBe('builtin')
    expect(
      mediaHostFromEnv({ VITE_CLOUDINARY_CLOUD_NAME: 'demo', VITE_CLOUDINARY_UPLOAD_PRESET: ' ' }).kind,
    ).toBe('cloudinary')
    expect(
      mediaHostFromEnv({
        VITE_CLOUDINARY_CLOUD_NAME: 'demo',
        VITE_CLOUDINARY_UPLOAD_PRESET: 'unsigned_preset',
      }).kind,
    ).toBe('cloudinary')
  })

  it('sends uploads to the configured API base', async () => {
    const configured = mediaHostFromEnv({
      VITE_CLOUDINARY_CLOUD_NAME: 'demo',
      VITE_CLOUDINARY_UPLOAD_PRESET: 'unsigned_preset',
      VITE_CLOUDINARY_API_BASE: `${API_BASE}/`,
    })
    await configured.upload(makeFile('a.png', 100, 'image/png'))
    expect(cloudinary.received).toHaveLength(1)
  })
})
