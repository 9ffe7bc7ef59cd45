/**
 * Image benchmark: the worst request `GET /api/image/{id}` accepts, per output format, beside a plain
 * resize of the same source (decision 0070). The render is the route's own (`image-render.ts`, bundled
 * with esbuild as Netlify bundles the function), on one core: the process is pinned to CPU 0 with
 * `taskset` when it is there and libvips runs one thread.
 *
 * The source is the largest the route reads: a 7071x7071 PNG (50 megapixels) with transparency, smooth
 * apart from a 3300x3300 block of noise in its middle, stored with light compression (about 45 MB, under
 * the 50 MB limit). The worst request crops to that block, turns it 90 degrees and asks for its own size,
 * so the route decodes all 50 megapixels and encodes 4 (the output limit) of noise, the slowest content
 * for every encoder; PNG is what `fm=auto` answers for transparency without WebP. The baseline asks for
 * the same source 1024 px wide with no setting.
 *
 *   node_modules/.bin/node tests/bench/image.bench.ts
 *
 * Target: the worst request within 5 s on one core (p95). Prints and writes tests/bench/results/image.json;
 * asserts nothing.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

import sharp from 'sharp'

import { BENCH_RUNS, figure, interleave, report, type Figure } from './lib/figures.ts'
import { loadBundled } from './lib/in-process.ts'

type Render = typeof import('../../netlify/server/images/image-render.ts')
type Query = import('../../netlify/server/images/image-query.ts').ImageQuery

const PINNED = 'BENCH_IMAGE_PINNED'
if (process.env[PINNED] === undefined && spawnSync('taskset', ['-V']).status === 0) {
  const child = spawnSync('taskset', ['-c', '0', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [PINNED]: '1' },
  })
  process.exit(child.status ?? 1)
}
sharp.concurrency(1)

const SIDE = 7071
const BLOCK = 3300
const TARGET_MS = 5_000

/** A 50-megapixel PNG with transparency: smooth, with a block of noise in the middle. */
async function worstSource(): Promise<Buffer> {
  const pixels = Buffer.alloc(SIDE * SIDE * 4)
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const at = (y * SIDE + x) * 4
      pixels[at] = x >> 5
      pixels[at + 1] = y >> 5
      pixels[at + 2] = 128
      pixels[at + 3] = 255
    }
  }
  const start = Math.floor((SIDE - BLOCK) / 2)
  let seed = 1
  for (let y = start; y < start + BLOCK; y++) {
    for (let x = start; x < start + BLOCK; x++) {
      const at = (y * SIDE + x) * 4
      for (let channel = 0; channel < 4; channel++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
        pixels[at + channel] = seed >>> 24
      }
    }
  }
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 4 }, limitInputPixels: false })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

const render = await loadBundled<Render>(
  resolve(import.meta.dirname, '../../netlify/server/images/image-render.ts'),
  'image-render',
)
const source = await worstSource()
const fraction = (SIDE - BLOCK) / 2 / SIDE
const worstSettings = {
  crop: { x: fraction, y: fraction, width: BLOCK / SIDE, height: BLOCK / SIDE },
  rotate: 90 as const,
}
const FORMATS = [
  { name: 'jpg', fm: 'jpg', accept: null },
  { name: 'webp', fm: 'webp', accept: null },
  { name: 'avif', fm: 'avif', accept: null },
  { name: 'png (auto)', fm: 'auto', accept: null },
] as const

const figures: Figure[] = []
for (const { name, fm } of FORMATS) {
  const worst: Query = { w: null, h: null, fit: 'contain', fm, v: null }
  const plain: Query = { w: 1024, h: null, fit: 'contain', fm, v: null }
  let bytes = 0
  let size = ''
  const time = async (settings: typeof worstSettings | object, query: Query, keep: boolean) => {
    const started = performance.now()
    const image = await render.renderImage(source, settings, query, null)
    const ms = performance.now() - started
    if (keep) {
      bytes = image.body.length
      size = `${String(image.width)}x${String(image.height)}`
    }
    return ms
  }
  const runs = await interleave(
    BENCH_RUNS,
    () => time(worstSettings, worst, true),
    () => time({}, plain, false),
  )
  figures.push(
    figure({
      id: 'image',
      metric: `worst request, ${name}: 50 MP decoded, cropped, turned, 4 MP of noise encoded`,
      n: source.length,
      unit: 'ms',
      ...runs,
      baseline: `the same source at w=1024, ${name}, no setting`,
      ratioOf: (measured, baseline) => measured / baseline,
      ratio_means: 'worst / plain: how many plain resizes the worst request costs',
      target: '<= 5 s on one core (p95)',
      met: null,
      meets: (done) => done.p95 <= TARGET_MS,
      notes: { output: size, output_bytes: bytes, source_bytes: source.length, threads: sharp.concurrency() },
    }),
  )
}

await report('image', figures)
