/**
 * Sizes of what the app ships: each function's zip as `netlify build` packs it, and the JavaScript and CSS
 * the browser needs before the first paint, apart from everything it loads later. Plain reads of build
 * output: run `npx netlify build --offline` (functions and `dist/`) or `npx vite build` (`dist/` only)
 * first. Used by `scripts/measure-bundles.ts` and the bundle and cold-start benchmarks.
 */
import { readdir, readFile } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { FIRST_PAGE_CHECK_ATTRIBUTE } from './first-page-check-preload.ts'

/** The targets in bytes (KB = 1,000 bytes, as Vite reports sizes). */
export const TARGETS = {
  /** Per function, not counting the runtime files Netlify adds to every zip (see `platformBytes`). */
  functionOwnBytes: 250_000,
  /** The first route's JS + CSS, each file brotli-compressed at quality 11. */
  firstRouteBrotliBytes: 120_000,
}

/** Files Netlify's build adds to every function zip: its bootstrap, telemetry loader and entry point. */
const PLATFORM_FILE = /^___netlify-/

export interface ZipEntry {
  path: string
  compressedBytes: number
  bytes: number
}

export interface FunctionBundle {
  name: string
  /** The zip file as deployed. */
  zipBytes: number
  /** Compressed bytes of the files Netlify adds to every function, the same for each. */
  platformBytes: number
  /** Compressed bytes of everything else: the function's own code and the packages it imports. */
  ownBytes: number
  /** The same files uncompressed. */
  ownUncompressedBytes: number
  ownFiles: number
  /** Compressed bytes per top-level package in the zip (`zod`, `@netlify/blobs`), and `(own code)`. */
  byPackage: Record<string, number>
}

export interface FunctionBundles {
  directory: string
  functions: FunctionBundle[]
  largestOwnBytes: number
  meanZipBytes: number
}

export interface Asset {
  file: string
  bytes: number
  gzipBytes: number
  brotliBytes: number
}

export interface FirstRoute {
  distDir: string
  /** What index.html loads before the first paint: its scripts, stylesheets and module preloads. */
  initial: Asset[]
  initialBrotliBytes: number
  initialGzipBytes: number
  initialBytes: number
  /** Every other script, stylesheet and worker: dynamic imports, loaded when needed. */
  lazy: Asset[]
}

/** The entries of a zip file, read from its central directory. */
export function readZipEntries(zip: Buffer): ZipEntry[] {
  const END_OF_DIRECTORY = 0x06054b50
  const DIRECTORY_ENTRY = 0x02014b50
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || zip.readUInt32LE(end) !== END_OF_DIRECTORY) throw new Error('Not a zip file')
  const count = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  const entries: ZipEntry[] = []
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw new Error('Malformed zip directory')
    const compressedBytes = zip.readUInt32LE(offset + 20)
    const bytes = zip.readUInt32LE(offset + 24)
    if (compressedBytes === 0xffffffff || bytes === 0xffffffff) throw new Error('Zip64 is not supported')
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    const path = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    entries.push({ path, compressedBytes, bytes })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** `node_modules/@scope/name/...` -> `@scope/name`, `node_modules/name/...` -> `name`, else own code. */
function packageOf(path: string): string {
  const parts = path.split('/')
  const at = parts.lastIndexOf('node_modules')
  if (at < 0) return '(own code)'
  const name = parts[at + 1] ?? ''
  return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name
}

export function describeFunctionZip(name: string, zip: Buffer): FunctionBundle {
  const entries = readZipEntries(zip)
  const own = entries.filter((entry) => !PLATFORM_FILE.test(basename(entry.path)))
  const sum = (list: readonly ZipEntry[], pick: (entry: ZipEntry) => number) =>
    list.reduce((total, entry) => total + pick(entry), 0)
  const byPackage: Record<string, number> = {}
  for (const entry of own) {
    const key = packageOf(entry.path)
    byPackage[key] = (byPackage[key] ?? 0) + entry.compressedBytes
  }
  const ownBytes = sum(own, (entry) => entry.compressedBytes)
  return {
    name,
    zipBytes: zip.length,
    platformBytes: sum(entries, (entry) => entry.compressedBytes) - ownBytes,
    ownBytes,
    ownUncompressedBytes: sum(own, (entry) => entry.bytes),
    ownFiles: own.length,
    byPackage,
  }
}

/** Every function zip under `<projectDir>/.netlify/functions`, as the last `netlify build` left them. */
export async function measureFunctionBundles(projectDir: string): Promise<FunctionBundles> {
  const directory = resolve(projectDir, '.netlify', 'functions')
  const zips = (await readdir(directory)).filter((file) => file.endsWith('.zip')).sort()
  if (zips.length === 0) throw new Error(`No function zips in ${directory}: run netlify build first`)
  const functions = await Promise.all(
    zips.map(async (file) =>
      describeFunctionZip(basename(file, '.zip'), await readFile(join(directory, file))),
    ),
  )
  return {
    directory,
    functions,
    largestOwnBytes: Math.max(...functions.map((bundle) => bundle.ownBytes)),
    meanZipBytes: Math.round(functions.reduce((total, f) => total + f.zipBytes, 0) / functions.length),
  }
}

export function compressedSizes(file: string, contents: Buffer): Asset {
  return {
    file,
    bytes: contents.length,
    gzipBytes: gzipSync(contents, { level: 9 }).length,
    brotliBytes: brotliBytes(contents),
  }
}

function brotliBytes(contents: Buffer): number {
  return brotliCompressSync(contents, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
    },
  }).length
}

/**
 * `src` and `href` values of the tags index.html loads before it renders. The preloads of the first
 * page's check are left out: they download beside the app's script, and are counted with the lazy
 * chunks as they were before the page preloaded them (decision 0086).
 */
export function initialUrls(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? []
  return tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script') && /\btype=["']?module/.test(tag)
    const isLoadedLink = /\brel=["']?(?:stylesheet|modulepreload)\b/.test(tag)
    if ((!isScript && !isLoadedLink) || tag.includes(FIRST_PAGE_CHECK_ATTRIBUTE)) return []
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1]
    return url && !/^[a-z]+:|^\/\//i.test(url) ? [url] : []
  })
}

/**
 * Chunks a script imports statically (`import ... from "./x.js"`, `import "./x.js"`), which the browser
 * fetches before running it; `import("./x.js")` has a parenthesis and is left out.
 */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/\b(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  )
}

const SHIPPED = /\.(?:m?js|css)$/

async function listAssets(distDir: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(distDir, under), { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = under ? `${under}/${entry.name}` : entry.name
      if (entry.isDirectory()) return listAssets(distDir, path)
      return Promise.resolve(SHIPPED.test(entry.name) ? [path] : [])
    }),
  )
  return nested.flat()
}

/** The first route's JS and CSS (compressed each on its own, as a server sends them) and the lazy rest. */
export async function measureFirstRoute(distDir: string): Promise<FirstRoute> {
  const root = resolve(distDir)
  const all = await listAssets(root)
  const initial = await firstRouteFiles(root, all)
  const sized = async (file: string) => compressedSizes(file, await readFile(join(root, file)))
  const initialAssets = await Promise.all([...initial].map(sized))
  const lazy = await Promise.all(all.filter((file) => !initial.has(file)).map(sized))
  const total = (pick: (asset: Asset) => number) => initialAssets.reduce((sum, a) => sum + pick(a), 0)
  return {
    distDir: root,
    initial: initialAssets,
    initialBrotliBytes: total((asset) => asset.brotliBytes),
    initialGzipBytes: total((asset) => asset.gzipBytes),
    initialBytes: total((asset) => asset.bytes),
    lazy: lazy.sort((a, b) => b.brotliBytes - a.brotliBytes),
  }
}

/**
 * The first route's files over `TARGETS.firstRouteBrotliBytes`, as the message a failed build gives,
 * naming each file with its brotli size; null within the budget. Sizes the first route only, so that a
 * build pays about a second for it.
 */
export async function firstRouteOverBudget(distDir: string): Promise<string | null> {
  const root = resolve(distDir)
  const files = [...(await firstRouteFiles(root, await listAssets(root)))]
  const sizes = await Promise.all(
    files.map(async (file) => ({ file, bytes: brotliBytes(await readFile(join(root, file))) })),
  )
  const total = sizes.reduce((sum, size) => sum + size.bytes, 0)
  if (total <= TARGETS.firstRouteBrotliBytes) return null
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
  const lines = sizes.sort((a, b) => b.bytes - a.bytes).map(({ file, bytes }) => `  ${file} ${kb(bytes)}`)
  return (
    `The first route is ${kb(total)} brotli, over its budget of ${kb(TARGETS.firstRouteBrotliBytes)} ` +
    `(TARGETS.firstRouteBrotliBytes, scripts/bundle-sizes.ts):\n${lines.join('\n')}\n` +
    'Load what the first screen does not need behind its first use (lazyWithPreload).'
  )
}

/** What index.html loads before it renders, with the chunks those scripts import statically. */
async function firstRouteFiles(root: string, all: readonly string[]): Promise<Set<string>> {
  const html = await readFile(join(root, 'index.html'), 'utf8')
  const initial = new Set<string>()
  const queue = initialUrls(html).map((url) => url.replace(/^\//, ''))
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    // Only files the build emitted: a string in a chunk that merely looks like an import is no chunk.
    if (initial.has(next) || !all.includes(next)) continue
    initial.add(next)
    if (!/\.m?js$/.test(next)) continue
    const code = await readFile(join(root, next), 'utf8')
    const folder = next.includes('/') ? next.slice(0, next.lastIndexOf('/')) : ''
    for (const specifier of staticImports(code)) {
      queue.push(join(folder, specifier))
    }
  }
  return initial
}
