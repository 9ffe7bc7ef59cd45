import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { rasterFormatOf } from '../../../../netlify/server/images/image-signature'

const picture = sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })

/** An ISO base media file's first box: `ftyp` with a major brand and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const body = [major, '\0\0\0\0', ...compatible].join('')
  const bytes = new Uint8Array(8 + body.length + 8)
  new DataView(bytes.buffer).setUint32(0, 8 + body.length)
  bytes.set(new TextEncoder().encode(`ftyp${body}`), 4)
  return bytes
}

describe('rasterFormatOf', () => {
  it('names each raster type the route serves from its bytes', async () => {
    expect(rasterFormatOf(await picture.clone().jpeg().toBuffer())).toBe('jpeg')
    expect(rasterFormatOf(await picture.clone().png().toBuffer())).toBe('png')
    expect(rasterFormatOf(await picture.clone().gif().toBuffer())).toBe('gif')
    expect(rasterFormatOf(await picture.clone().webp().toBuffer())).toBe('webp')
    expect(rasterFormatOf(await picture.clone().avif().toBuffer())).toBe('avif')
    expect(rasterFormatOf(await picture.clone().tiff().toBuffer())).toBe('tiff')
    expect(rasterFormatOf(ftyp('mif1', 'avif', 'miaf'))).toBe('avif')
  })

  it('names nothing else: SVG, PDF, HEIC, text, a cut-off signature, nothing', () => {
    const text = (value: string) => new TextEncoder().encode(value)
    expect(rasterFormatOf(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(rasterFormatOf(text('<?xml version="1.0"?><svg/>'))).toBeNull()
    expect(rasterFormatOf(text('%PDF-1.7'))).toBeNull()
    expect(rasterFormatOf(ftyp('heic', 'mif1', 'heic'))).toBeNull()
    expect(rasterFormatOf(text('RIFF\0\0\0\0WAVE'))).toBeNull()
    expect(rasterFormatOf(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull()
    expect(rasterFormatOf(new Uint8Array())).toBeNull()
  })
})
