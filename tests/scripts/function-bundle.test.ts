import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { zipFunction } from '@netlify/zip-it-and-ship-it'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { describeFunctionZip, TARGETS, type FunctionBundle } from '../../scripts/bundle-sizes'

const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

/** The `external_node_modules` netlify.toml gives a function in its own `[functions.<name>]` block. */
async function externalModules(name: string): Promise<string[]> {
  const toml = await readFile(join(REPO_ROOT, 'netlify.toml'), 'utf8')
  const block = new RegExp(
    `^\\[functions\\.${name}\\]\\s*\\n\\s*external_node_modules = \\[([^\\]]*)\\]`,
    'm',
  )
  const list = block.exec(toml)?.[1] ?? ''
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '')
}

/** Packs one function the way `netlify build` and `netlify dev` do, with Netlify's own packer. */
async function pack(name: string, destination: string): Promise<FunctionBundle> {
  const externalNodeModules = await externalModules(name)
  const result = await zipFunction(join(REPO_ROOT, 'netlify', 'functions', `${name}.mts`), destination, {
    basePath: REPO_ROOT,
    repositoryRoot: REPO_ROOT,
    config: { '*': { nodeBundler: 'esbuild', externalNodeModules } },
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
})

// sharp is native: bundled by esbuild it would lose its binary. netlify.toml keeps it external for the
// image function, so it ships as a package with its Linux build beside the function's own code.
describe('the image function as Netlify packs it', () => {
  let destination = ''
  let bundle: FunctionBundle
  beforeAll(async () => {
    destination = await mkdtemp(join(tmpdir(), 'function-bundle-'))
    bundle = await pack('image', destination)
  }, 120_000)
  afterAll(async () => {
    await rm(destination, { recursive: true, force: true })
  })

  it('carries sharp and its Linux binary as packages beside the bundle', async () => {
    expect(await externalModules('image')).toEqual(['sharp'])
    expect(bundle.byPackage).toHaveProperty('sharp')
    expect(bundle.byPackage).toHaveProperty('@img/sharp-linux-x64')
    expect(bundle.byPackage).toHaveProperty('@img/sharp-libvips-linux-x64')
    expect(bundle.byPackage['(own code)']).toBeLessThanOrEqual(TARGETS.functionOwnBytes)
  })
})
