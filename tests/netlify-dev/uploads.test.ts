/**
 * Uploads through netlify dev itself: tus-js-client's 4 MiB chunks pass its proxy (which dies on bodies
 * over 6 MB), and the Image CDN turns a stored image into a thumbnail. The tus protocol itself is tested
 * in process (tests/api/uploads.test.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { Upload } from 'tus-js-client'
import { describe, expect, it } from 'vitest'

import { MAX_CHUNK_BYTES } from '../../src/contract/uploads'
import { baseUrl } from '../support/api-client'
import { downloadByRanges, TUS_RESUMABLE, tusUpload, uploadResultOf } from '../support/tus-client'

const MB = 1_000_000

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const absolute = (path: string) => new URL(path, baseUrl()).href
const idOf = (uploadUrl: string) => uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1)

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] ?? 0
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        height: ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0),
        width: ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0),
      }
    }
    at += 2 + length
  }
  return null
}

describe('the Image CDN', () => {
  it('serves an uploaded image through the Image CDN as a 150x150 thumbnail', async () => {
    const jpeg = new Uint8Array(await readFile(new URL('../fixtures/media/landscape.jpg', import.meta.url)))
    const uploadUrl = await tusUpload(baseUrl(), jpeg, { filename: 'landscape.jpg', filetype: 'image/jpeg' })
    const { secure_url: secureUrl, resource_type: resourceType } = await uploadResultOf(uploadUrl)
    expect(resourceType).toBe('image')
    const thumbnail = await fetch(
      absolute(`/.netlify/images?url=${encodeURIComponent(secureUrl)}&w=150&h=150&fit=cover`),
    )
    const bytes = new Uint8Array(await thumbnail.arrayBuffer())
    expect(thumbnail.status).toBe(200)
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//)
    expect(bytes.length).toBeGreaterThan(100)
    if (thumbnail.headers.get('content-type') === 'image/jpeg') {
      expect(jpegSize(bytes)).toEqual({ width: 150, height: 150 })
    }
  })
})

describe('tus-js-client against /api/uploads', () => {
  it('uploads a 9 MB file in 4 MiB chunks and gets the media-host result', async () => {
    const bytes = randomBytes(9 * MB)
    const digest = sha256(bytes)
    const chunks: number[] = []
    const largest = { body: 0 }
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: absolute('/api/uploads'),
        chunkSize: MAX_CHUNK_BYTES,
        retryDelays: [],
        metadata: { filename: 'tus-js-client.bin', filetype: 'application/octet-stream', sha256: digest },
        onBeforeRequest: (request) => {
          expect(request.getHeader('Tus-Resumable')).toBe(TUS_RESUMABLE)
        },
        onChunkComplete: (chunkSize) => {
          chunks.push(chunkSize)
          largest.body = Math.max(largest.body, chunkSize)
        },
        onError: reject,
        onSuccess: () => {
          if (upload.url) resolve(upload.url)
          else reject(new Error('no upload URL'))
        },
      })
      upload.start()
    })
    expect(chunks).toEqual([MAX_CHUNK_BYTES, MAX_CHUNK_BYTES, 9 * MB - 2 * MAX_CHUNK_BYTES])
    expect(largest.body).toBeLessThanOrEqual(MAX_CHUNK_BYTES)
    const result = await uploadResultOf(uploadUrl)
    const id = idOf(uploadUrl)
    expect(result).toEqual({
      secure_url: `/api/files/${id}/tus-js-client.bin`,
      public_id: `HIBF_assets/${id}`,
      resource_type: 'raw',
      format: 'bin',
      bytes: 9 * MB,
      width: null,
      height: null,
      duration: null,
    })
    const downloaded = await downloadByRanges(absolute(result.secure_url), result.bytes)
    expect(sha256(downloaded.bytes)).toBe(digest)
  })
})
