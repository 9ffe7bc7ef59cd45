/**
 * Prints the function zip sizes and the first route's size against their targets:
 *
 *   node_modules/.bin/node scripts/measure-bundles.ts [--build] [--json]
 *
 * `--build` runs `netlify build --offline` first (the screen into dist/, the functions into
 * .netlify/functions); `--json` prints the figures as one JSON object instead of tables.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

import {
  measureFirstRoute,
  measureFunctionBundles,
  TARGETS,
  type Asset,
  type FirstRoute,
  type FunctionBundles,
} from './bundle-sizes.ts'

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`

function printFunctions(bundles: FunctionBundles) {
  console.log(`Function zips (${bundles.directory})`)
  console.log('function                       zip        Netlify runtime   own code + packages')
  for (const bundle of bundles.functions) {
    const line = [
      bundle.name.padEnd(28),
      kb(bundle.zipBytes).padStart(10),
      kb(bundle.platformBytes).padStart(16),
      kb(bundle.ownBytes).padStart(12),
    ]
    console.log(line.join(' '))
  }
  const met = bundles.largestOwnBytes <= TARGETS.functionOwnBytes ? 'met' : 'NOT met'
  console.log(
    `largest own part ${kb(bundles.largestOwnBytes)} (target <= ${kb(TARGETS.functionOwnBytes)}: ${met}); ` +
      `mean zip ${kb(bundles.meanZipBytes)}\n`,
  )
}

function printAssets(title: string, assets: readonly Asset[]) {
  console.log(title)
  for (const asset of assets) {
    const sizes = [kb(asset.bytes), kb(asset.gzipBytes), kb(asset.brotliBytes)].map((s) => s.padStart(10))
    console.log(`  ${asset.file.padEnd(44)} ${sizes.join(' ')}`)
  }
}

function printFirstRoute(route: FirstRoute) {
  console.log(`Screen (${route.distDir}); columns: raw, gzip -9, brotli 11`)
  printAssets('first route', route.initial)
  const met = route.initialBrotliBytes <= TARGETS.firstRouteBrotliBytes ? 'met' : 'NOT met'
  console.log(
    `  total ${kb(route.initialBytes)} raw, ${kb(route.initialGzipBytes)} gzip, ` +
      `${kb(route.initialBrotliBytes)} brotli (target <= ${kb(TARGETS.firstRouteBrotliBytes)}: ${met})`,
  )
  printAssets('lazy', route.lazy)
}

const projectDir = resolve(import.meta.dirname, '..')
const args = new Set(process.argv.slice(2))
if (args.has('--build')) {
  execFileSync('npx', ['netlify', 'build', '--offline'], { cwd: projectDir, stdio: 'inherit' })
}
const functions = await measureFunctionBundles(projectDir)
const firstRoute = await measureFirstRoute(resolve(projectDir, 'dist'))
if (args.has('--json')) {
  console.log(JSON.stringify({ targets: TARGETS, functions, firstRoute }, null, 2))
} else {
  printFunctions(functions)
  printFirstRoute(firstRoute)
}
