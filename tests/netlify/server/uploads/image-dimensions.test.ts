/**
 * The server reads an image's width and height from its header, within the first 64 KB, and they win
 * over what the uploader measured (decision 0040). Real small images: tests/fixtures/media and
 * tests/fixtures/dimensions (an AVIF, and a JPEG whose EXIF turns it a quarter).
 */
import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { createRecord } from '../../../../netlify/server/records/media-service'
import { DIMENSION_WINDOW_BYTES, imageDimensions } from '../../../../netlify/server/uploads/image-dimensions'
import {
  appendChunk,
  createUpload,
  fileUrl,
  type MediaHostSettings,
  type MediaHostStores,
} from '../../../../netlify/server/uploads/upload-service'
import type { FileManifest } from '../../../../netlify/server/uploads/upload-documents'
import { recordCreateSchema } from '../../../../src/contract/record'
import { MIN_CHUNK_BYTES, type UploadMetadata } from '../../../../src/contract/uploads'
import { freshMediaStoresForEachTest } from '../../../support/media-stores'

const media = async (name: string) =>
  new Uint8Array(await readFile(new URL(`../../../fixtures/media/${name}`, import.meta.url)))
const sized = async (name: string) =>
  new Uint8Array(await readFile(new URL(`../../../fixtures/dimensions/${name}`, import.meta.url)))
const text = (value: string) => new TextEncoder().encode(value)

/** `jpeg` with an APPn segment of `size` bytes (at most 65,533) after its start marker, before its frame header. */
function withSegment(jpeg: Uint8Array, size: number, marker = 0xe2): Uint8Array {
  const segment = new Uint8Array(4 + size)
  segment.set([0xff, marker, ((size + 2) >> 8) & 0xff, (size + 2) & 0xff])
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]))
}

describe('imageDimensions', () => {
  it.each([
    ['landscape.jpg', 800, 600],
    ['portrait.png', 600, 800],
    ['small.gif', 200, 150],
    ['small.webp', 320, 240],
  ])('reads %s as %i x %i', async (name, width, height) => {
    expect(imageDimensions(await media(name))).toEqual({ width, height })
  })

  it('reads an AVIF', async () => {
    expect(imageDimensions(await sized('wide.avif'))).toEqual({ width: 30, height: 20 })
  })

  it('swaps the sides of a JPEG whose EXIF orientation turns it a quarter', async () => {
    // Stored 30 x 20 with orientation 6: shown 20 x 30.
    expect(imageDimensions(await sized('turned.jpg'))).toEqual({ width: 20, height: 30 })
  })

  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" width="120" height="45"></svg>', 120, 45],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"></svg>', 40, 10],
    ['<?xml version="1.0"?>\n<svg width="12" height="34" viewBox="0 0 40 10"/>', 12, 34],
  ])('reads an SVG: %s', (svg, width, height) => {
    expect(imageDimensions(text(svg))).toEqual({ width, height })
  })

  it('reads a JPEG frame header behind 60 KB of metadata, and none pushed past the first 64 KB', async () => {
    const jpeg = await media('landscape.jpg')
    expect(imageDimensions(withSegment(jpeg, 60_000))).toEqual({ width: 800, height: 600 })
    const pushed = withSegment(withSegment(jpeg, 60_000), 10_000, 0xe3)
    expect(pushed.length).toBeGreaterThan(DIMENSION_WINDOW_BYTES)
    expect(imageDimensions(pushed)).toBeNull()
  })

  it('gives null for what has no readable header: a PDF, text, a cut PNG, an SVG without sizes, nothing', async () => {
    expect(imageDimensions(await media('report.pdf'))).toBeNull()
    expect(imageDimensions(text('just words'))).toBeNull()
    expect(imageDimensions((await media('portrait.png')).subarray(0, 12))).toBeNull()
    expect(imageDimensions(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull()
    expect(imageDimensions(new Uint8Array(0))).toBeNull()
  })
})

const SETTINGS: MediaHostSettings = { maxUploadBytes: 16 * 1024 * 1024, expiryMs: 3_600_000 }

/** Uploads `bytes` as the built-in host receives them: chunks of the smallest size but the last. */
async function upload(
  stores: MediaHostStores,
  filename: string,
  bytes: Uint8Array,
  claimed: Partial<UploadMetadata> = {},
): Promise<FileManifest> {
  const { id } = await createUpload(stores, SETTINGS, {
    length: bytes.length,
    metadata: { filename, ...claimed },
  })
  let offset = 0
  let file: FileManifest | undefined
  while (offset < bytes.length) {
    const chunk = bytes.subarray(offset, offset + MIN_CHUNK_BYTES)
    ;({ offset, file } = await appendChunk(stores, id, { offset, bytes: chunk, checksum: null }))
  }
  if (!file) throw new Error('The upload did not finish')
  return file
}

describe('an upload to the built-in host', () => {
  const stores = freshMediaStoresForEachTest('memory')

  it("keeps the image's own dimensions in its manifest over what the uploader claimed", async () => {
    const manifest = await upload(stores(), 'portrait.png', await media('portrait.png'), {
      width: 1,
      height: 1,
    })
    expect(manifest).toMatchObject({ width: 600, height: 800 })
  })

  it('reads the dimensions from the first chunk of a file of several chunks', async () => {
    // A PNG followed by 2.5 MiB of padding: three chunks, the header in the first.
    const bytes = new Uint8Array(
      Buffer.concat([await media('portrait.png'), new Uint8Array(2.5 * MIN_CHUNK_BYTES)]),
    )
    const manifest = await upload(stores(), 'padded.png', bytes)
    expect(manifest.chunks).toHaveLength(3)
    expect(manifest).toMatchObject({ width: 600, height: 800 })
  })

  it('measures an SVG, which it serves as a download', async () => {
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"></svg>')
    expect(await upload(stores(), 'logo.svg', svg)).toMatchObject({
      width: 40,
      height: 10,
      resource_type: 'raw',
    })
  })

  it('keeps what the uploader measured, as before, when it cannot read a header', async () => {
    const claimed = { width: 640, height: 360, duration: 12 }
    expect(await upload(stores(), 'clip.webm', await media('clip.webm'), claimed)).toMatchObject(claimed)
    expect(await upload(stores(), 'broken.png', text('not a png at all'), claimed)).toMatchObject({
      width: 640,
      height: 360,
    })
    expect(await upload(stores(), 'notes.txt', await media('notes.txt'))).toMatchObject({
      width: null,
      height: null,
    })
  })

  it('reads nothing from a file its name does not call an image, whatever its bytes', async () => {
    expect(await upload(stores(), 'data.bin', await media('portrait.png'))).toMatchObject({
      width: null,
      height: null,
    })
  })

  it("gives the record the server's dimensions over the ones the body claims", async () => {
    const manifest = await upload(stores(), 'turned.jpg', await sized('turned.jpg'))
    const body = recordCreateSchema.parse({ media_url: fileUrl(manifest), width: 30, height: 20 })
    const record = await createRecord(stores().documents, body)
    expect(record).toMatchObject({ width: 20, height: 30 })
  })

  it('keeps the body’s dimensions for a built-in file whose manifest has none', async () => {
    const manifest = await upload(stores(), 'notes.txt', await media('notes.txt'))
    const body = recordCreateSchema.parse({ media_url: fileUrl(manifest), width: 30, height: 20 })
    expect(await createRecord(stores().documents, body)).toMatchObject({ width: 30, height: 20 })
  })
})
