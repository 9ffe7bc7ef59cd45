import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { zipFunction } from '@netlify/zip-it-and-ship-it'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { describeFunctionZip, TARGETS, type FunctionBundle } from '../../scripts/bundle-sizes'

const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

/** A list setting of a function's own `[functions.<name>]` block in netlify.toml, such as `included_files`. */
async function functionSetting(name: string, setting: string): Promise<string[]> {
  const toml = await readFile(join(REPO_ROOT, 'netlify.toml'), 'utf8')
  const block = toml.split(`[functions.${name}]`)[1]?.split(/\n\s*\n/)[0] ?? ''
  const list = new RegExp(`^\\s*${setting} = \\[([^\\]]*)\\]`, 'm').exec(block)?.[1] ?? ''
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '')
}

/** Packs one function the way `netlify build` and `netlify dev` do, with Netlify's own packer. */
async function pack(name: string, destination: string): Promise<FunctionBundle> {
  const externalNodeModules = await functionSetting(name, 'external_node_modules')
  const includedFiles = await functionSetting(name, 'included_files')
  const result = await zipFunction(join(REPO_ROOT, 'netlify', 'functions', `${name}.mts`), destination, {
    basePath: REPO_ROOT,
    repositoryRoot: REPO_ROOT,
    config: { '*': { nodeBundler: 'esbuild', externalNodeModules, includedFiles } },
  })
  if (!result) throw new Error(`${name} did not pack`)
  return describeFunctionZip(name, await readFile(result.path))
}

// The list path and the largest function. Netlify copies packages beside the bundle unless tsconfig.json
// maps them to a path; zod copied whole was 533 KB zipped in every function.
describe.each(['media', 'upload'])('the %s function as Netlify packs it', (name) => {
  let destination = ''
  let bundle: FunctionBundle
  beforeAll(async () => {
    destination = await mkdtemp(join(tmpdir(), 'function-bundle-'))
    bundle = await pack(name, destination)
  }, 60_000)
  afterAll(async () => {
    await rm(destination, { recursive: true, force: true })
  })

  it('carries zod inside its own bundle, tree-shaken, not as a package beside it', () => {
    expect(bundle.byPackage).not.toHaveProperty('zod')
    // zod whole with its locales is about 780 KB on its own; the upload function with shaken zod and
    // all our code is about 400 KB (2026-11: 401 KB, once its file URLs came from the route table).
    expect(bundle.ownUncompressedBytes).toBeLessThan(450_000)
  })

  it('stays within the size target', () => {
    expect(bundle.ownBytes).toBeLessThanOrEqual(TARGETS.functionOwnBytes)
  })

  // The upload function imports the Webflow mirror's code, which renders images only when given sharp.
  it('carries no sharp', () => {
    expect(bundle.byPackage).not.toHaveProperty('sharp')
  })
})

// sharp is native: bundled by esbuild it would lose its binary. netlify.toml keeps it external for the
// image function and the Webflow mirror (which renders a cropped or turned image's asset), so it ships
// as a package with its Linux build beside the function's own code.
describe.each(['image', 'webflow-sync-background'])('the %s function as Netlify packs it', (name) => {
  let destination = ''
  let bundle: FunctionBundle
  beforeAll(async () => {
    destination = await mkdtemp(join(tmpdir(), 'function-bundle-'))
    bundle = await pack(name, destination)
  }, 120_000)
  afterAll(async () => {
    await rm(destination, { recursive: true, force: true })
  })

  it('carries sharp and its Linux binary as packages beside the bundle', async () => {
    expect(await functionSetting(name, 'external_node_modules')).toEqual(['sharp'])
    expect(bundle.byPackage).toHaveProperty('sharp')
    expect(bundle.byPackage).toHaveProperty('@img/sharp-linux-x64')
    expect(bundle.byPackage).toHaveProperty('@img/sharp-libvips-linux-x64')
    expect(bundle.byPackage['(own code)']).toBeLessThanOrEqual(TARGETS.functionOwnBytes)
  })

  it('leaves out the node binary the file tracer finds beside sharp: about 9 MB zipped, not 58 MB', () => {
    expect(bundle.byPackage).not.toHaveProperty('node')
    expect(bundle.zipBytes).toBeLessThan(15_000_000)
  })
})
