/**
 * What a production build ships, split the way a visitor pays for it: the first route (the entry chunk,
 * every chunk it imports statically, and their CSS: what index.html loads before the screen can run)
 * and everything else (chunks behind a dynamic `import()`, workers, their CSS), each file compressed
 * with brotli at quality 11, as a CDN's static compression would. Reads Vite's manifest, so the build
 * must be made with `build.manifest: true`.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'

const compress = promisify(brotliCompress)

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

export interface FileSize {
  /** The file's name under the build directory, e.g. `assets/index-L1mBNVoD.js`. */
  file: string
  /** The same name without Vite's content hash, stable from build to build: `index.js`. */
  name: string
  bytes: number
  brotliBytes: number
}

export interface BundleSizes {
  firstRoute: FileSize[]
  lazy: FileSize[]
}

const CODE = /\.(m?js|css)$/
/** Vite's content hash before the extension: `index-L1mBNVoD.js`. */
const CONTENT_HASH = /-[\w-]{8}(?=\.[^.]+$)/

async function brotliSize(path: string): Promise<{ bytes: number; brotliBytes: number }> {
  const body = await readFile(path)
  const compressed = await compress(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
  return { bytes: body.length, brotliBytes: compressed.length }
}

/** The files index.html needs before the app runs: entry chunks, their static imports, their CSS. */
function firstRouteFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (chunk === undefined || seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return files
}

export async function measureBundle(distDir: string): Promise<BundleSizes> {
  const manifestText = await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')
  const firstRoute = firstRouteFiles(JSON.parse(manifestText) as Record<string, ManifestChunk>)
  const assets = (await readdir(join(distDir, 'assets'))).filter((name) => CODE.test(name))
  const sizes = await Promise.all(
    assets.map(async (name): Promise<FileSize> => {
      const file = `assets/${name}`
      return { file, name: name.replace(CONTENT_HASH, ''), ...(await brotliSize(join(distDir, file))) }
    }),
  )
  const byBrotliSize = (a: FileSize, b: FileSize) => b.brotliBytes - a.brotliBytes
  return {
    firstRoute: sizes.filter((size) => firstRoute.has(size.file)).sort(byBrotliSize),
    lazy: sizes.filter((size) => !firstRoute.has(size.file)).sort(byBrotliSize),
  }
}

export const totalBrotliBytes = (files: readonly FileSize[]): number =>
  files.reduce((sum, each) => sum + each.brotliBytes, 0)
