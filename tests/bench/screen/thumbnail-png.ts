/**
 * A 150x150 PNG of about 20 KB (a gradient with seeded noise, so it compresses like a photo thumbnail
 * rather than a flat colour): the screen benchmark serves it for every thumbnail, so the scroll figure
 * includes fetching and decoding real-sized images, as the performance notes' plan asks.
 */
import { crc32, deflateSync } from 'node:zlib'

const SIZE = 150
/** Noise amplitude, tuned so the file comes out near 20 KB (24 KB). */
const NOISE = 3

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

export function thumbnailPng(): Buffer {
  let seed = 0x2545f491
  const noise = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return ((seed >>> 0) % NOISE) - NOISE / 2
  }
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))
  // Each scanline: filter byte 1 ('Sub': each byte stored as the difference from the pixel to its left,
  // which is how an encoder makes a gradient compress), then RGB triples.
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 3))
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 3)
    raw[row] = 1
    const previous = [0, 0, 0]
    for (let x = 0; x < SIZE; x++) {
      const pixel = [60 + x, 90 + y, 200 - (x + y) / 3].map((value) => clamp(value + noise()))
      pixel.forEach((value, channel) => {
        raw[row + 1 + x * 3 + channel] = (value - (previous[channel] ?? 0)) & 0xff
        previous[channel] = value
      })
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
