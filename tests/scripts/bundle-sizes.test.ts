import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { deflateRawSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import {
  describeFunctionZip,
  firstRouteOverBudget,
  initialUrls,
  measureFirstRoute,
  measureFunctionBundles,
  readZipEntries,
  staticImports,
  TARGETS,
} from '../../scripts/bundle-sizes'

/** A real zip (deflated entries, local headers, central directory), as `unzip -v` would read it. */
function makeZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const [path, text] of Object.entries(files)) {
    const name = Buffer.from(path)
    const raw = Buffer.from(text)
    const data = deflateRawSync(raw)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(raw.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(raw.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    directory.push(central, name)
    offset += local.length + name.length + data.length
  }
  const directoryBytes = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(directoryBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directoryBytes, end])
}

const FUNCTION_FILES = {
  '___netlify-bootstrap.mjs': 'bootstrap '.repeat(500),
  '___netlify-entry-point.mjs': 'export const handler = 1',
  'netlify/functions/media.mjs': 'import "zod"; '.repeat(100),
  'node_modules/zod/index.js': 'export const z = 1; '.repeat(300),
  'node_modules/@netlify/blobs/dist/main.js': 'export {}',
}

describe('function zips', () => {
  it('reads each entry of a zip with its compressed and uncompressed size', () => {
    const entries = readZipEntries(makeZip({ 'a.txt': 'aaaa'.repeat(100), 'dir/b.txt': 'b' }))
    expect(entries.map((entry) => entry.path)).toEqual(['a.txt', 'dir/b.txt'])
    expect(entries[0]?.bytes).toBe(400)
    expect(entries[0]?.compressedBytes).toBe(deflateRawSync('aaaa'.repeat(100)).length)
  })

  it('refuses a file that is not a zip', () => {
    expect(() => readZipEntries(Buffer.from('not a zip at all'))).toThrow('Not a zip file')
  })

  it('sets apart the files Netlify adds and counts the rest per package', () => {
    const zip = makeZip(FUNCTION_FILES)
    const bundle = describeFunctionZip('media', zip)
    const compressed = (path: keyof typeof FUNCTION_FILES) => deflateRawSync(FUNCTION_FILES[path]).length
    expect(bundle.zipBytes).toBe(zip.length)
    expect(bundle.platformBytes).toBe(
      compressed('___netlify-bootstrap.mjs') + compressed('___netlify-entry-point.mjs'),
    )
    expect(bundle.byPackage).toEqual({
      '(own code)': compressed('netlify/functions/media.mjs'),
      zod: compressed('node_modules/zod/index.js'),
      '@netlify/blobs': compressed('node_modules/@netlify/blobs/dist/main.js'),
    })
    expect(bundle.ownBytes).toBe(Object.values(bundle.byPackage).reduce((a, b) => a + b, 0))
    expect(bundle.ownFiles).toBe(3)
    expect(bundle.ownUncompressedBytes).toBe(
      FUNCTION_FILES['netlify/functions/media.mjs'].length +
        FUNCTION_FILES['node_modules/zod/index.js'].length +
        FUNCTION_FILES['node_modules/@netlify/blobs/dist/main.js'].length,
    )
  })

  describe('in a project', () => {
    let dir = ''
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bundle-sizes-'))
    })
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('measures every zip under .netlify/functions and the largest own part', async () => {
      await mkdir(join(dir, '.netlify', 'functions'), { recursive: true })
      await writeFile(join(dir, '.netlify', 'functions', 'media.zip'), makeZip(FUNCTION_FILES))
      await writeFile(join(dir, '.netlify', 'functions', 'tiny.zip'), makeZip({ 'tiny.mjs': 'x' }))
      await writeFile(join(dir, '.netlify', 'functions', 'manifest.json'), '{}')
      const bundles = await measureFunctionBundles(dir)
      expect(bundles.functions.map((bundle) => bundle.name)).toEqual(['media', 'tiny'])
      expect(bundles.largestOwnBytes).toBe(bundles.functions[0]?.ownBytes)
    })

    it('fails clearly when nothing was built', async () => {
      await mkdir(join(dir, '.netlify', 'functions'), { recursive: true })
      await expect(measureFunctionBundles(dir)).rejects.toThrow('run netlify build first')
    })
  })
})

describe('first route', () => {
  it('takes the module script, stylesheets and module preloads of index.html, nothing else', () => {
    const html = `<html><head>
      <script type="module" crossorigin src="/assets/index-1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-3.css">
      <link rel="icon" href="/favicon.svg">
      <script src="https://example.com/outside.js"></script>
    </head></html>`
    expect(initialUrls(html)).toEqual(['/assets/index-1.js', '/assets/vendor-2.js', '/assets/index-3.css'])
  })

  it('follows static imports and leaves dynamic ones', () => {
    const code = `import{a as b}from"./vendor-2.js";import"./side-4.js";const d=()=>import("./dialog-5.js");`
    expect(staticImports(code)).toEqual(['./vendor-2.js', './side-4.js'])
  })

  describe('in a build', () => {
    let dist = ''
    beforeEach(async () => {
      dist = await mkdtemp(join(tmpdir(), 'bundle-dist-'))
      await mkdir(join(dist, 'assets'))
      await mkdir(join(dist, 'samples'))
      const files: Record<string, string> = {
        'index.html':
          '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">',
        'assets/index.js': `import{x}from"./shared.js";const open=()=>import("./dialog.js");console.log("${'a'.repeat(2000)}")`,
        'assets/shared.js': 'export const x = 1',
        'assets/index.css': 'body { color: black }',
        'assets/dialog.js': 'import{x}from"./shared.js";export const dialog = x',
        'assets/dialog.css': '.dialog { color: red }',
        'assets/index.js.map': '{}',
        'samples/report.pdf': '%PDF',
      }
      for (const [path, text] of Object.entries(files)) await writeFile(join(dist, path), text)
    })
    afterEach(async () => {
      await rm(dist, { recursive: true, force: true })
    })

    it('sums what loads before the first paint and lists the lazy chunks apart', async () => {
      const route = await measureFirstRoute(dist)
      expect(route.initial.map((asset) => asset.file).sort()).toEqual([
        'assets/index.css',
        'assets/index.js',
        'assets/shared.js',
      ])
      expect(route.lazy.map((asset) => asset.file).sort()).toEqual(['assets/dialog.css', 'assets/dialog.js'])
      const index = route.initial.find((asset) => asset.file === 'assets/index.js')
      expect(index?.brotliBytes).toBeLessThan(index?.gzipBytes ?? 0)
      expect(index?.gzipBytes).toBeLessThan(index?.bytes ?? 0)
      expect(route.initialBrotliBytes).toBe(route.initial.reduce((sum, asset) => sum + asset.brotliBytes, 0))
    })

    it('passes a first route within its budget, however large the lazy chunks', async () => {
      await writeFile(
        join(dist, 'assets/dialog.js'),
        randomBytes(TARGETS.firstRouteBrotliBytes).toString('base64'),
      )
      expect(await firstRouteOverBudget(dist)).toBeNull()
    })

    it('names the files of the first route, largest first, when they pass the budget', async () => {
      // Random bytes do not compress: as base64 they are 3/4 of their size in brotli.
      const over = randomBytes(TARGETS.firstRouteBrotliBytes + 1_000).toString('base64')
      await writeFile(join(dist, 'assets/shared.js'), `export const x = "${over}"`)
      const message = await firstRouteOverBudget(dist)
      expect(message).toMatch(/^The first route is 12\d\.\d KB brotli, over its budget of 120\.0 KB/)
      const named = message
        ?.split('\n')
        .slice(1, 4)
        .map((line) => line.trim().split(' ')[0])
      expect(named).toEqual(['assets/shared.js', 'assets/index.js', 'assets/index.css'])
      expect(message).not.toContain('dialog')
    })
  })
})
