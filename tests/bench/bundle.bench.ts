/**
 * Bundle benchmark: the brotli size (quality 11) of the JS and CSS the first route loads, from a
 * production build of the app, against an empty Vite + React app built in the same run with the
 * project's own Vite and @vitejs/plugin-react, both measured by `measureFirstRoute` of
 * scripts/bundle-sizes.ts (what index.html loads and what that imports statically). Everything loaded
 * later (dynamic imports, workers) is listed apart in the figure's notes. Prints and writes
 * tests/bench/results/bundle.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/bundle.bench.ts
 *
 * A build is deterministic, so each side is built once: repeating it would only repeat the same bytes.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import react from '@vitejs/plugin-react'
import { build } from 'vite'

import { measureFirstRoute, TARGETS, type Asset } from '../../scripts/bundle-sizes.ts'
import { buildApp, PROJECT_ROOT } from './lib/build-app.ts'
import { figure, report } from './lib/figures.ts'

/** KB as scripts/bundle-sizes.ts and Vite count them: 1,000 bytes. */
const kilobytes = (bytes: number) => Number((bytes / 1000).toFixed(1))
const TARGET_KB = kilobytes(TARGETS.firstRouteBrotliBytes)
/** Vite's content hash before the extension (`index-L1mBNVoD.js`): names stay the same from build to build. */
const CONTENT_HASH = /-[\w-]{8}(?=\.[^.]+$)/
const brotliBytes = (assets: readonly Asset[]) => assets.reduce((sum, asset) => sum + asset.brotliBytes, 0)

const EMPTY_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Empty</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`
const EMPTY_MAIN_TSX = `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  return <h1>Hello</h1>
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
`

/** The floor: React and ReactDOM rendering one heading, built the way the app is built, offline. */
async function buildEmptyApp(workDir: string): Promise<string> {
  const root = join(workDir, 'empty-app')
  await mkdir(root, { recursive: true })
  await writeFile(join(root, 'index.html'), EMPTY_INDEX_HTML)
  await writeFile(join(root, 'main.tsx'), EMPTY_MAIN_TSX)
  // The project's own react and react-dom, at the versions the app ships.
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir')
  const outDir = join(workDir, 'empty-dist')
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

function sizeNotes(prefix: string, assets: readonly Asset[]): Record<string, number> {
  return Object.fromEntries(
    assets.map((asset) => [
      `${prefix} ${asset.file.replace(CONTENT_HASH, '')} (KB br)`,
      kilobytes(asset.brotliBytes),
    ]),
  )
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'bench-bundle-'))
  try {
    console.log('Building the app and an empty Vite + React app...')
    const app = await measureFirstRoute(await buildApp(join(workDir, 'app-dist')))
    const empty = await measureFirstRoute(await buildEmptyApp(workDir))
    const ofType = (pattern: RegExp) => app.initial.filter((asset) => pattern.test(asset.file))
    await report('bundle', [
      figure({
        id: 'bundle',
        metric: 'first-route JS + CSS, brotli q11 (KB = 1,000 bytes)',
        n: 0,
        unit: 'KB',
        runs: [kilobytes(app.initialBrotliBytes)],
        baseline: 'empty Vite + React app, same Vite and plugin-react',
        baseline_runs: [kilobytes(empty.initialBrotliBytes)],
        ratioOf: (measured, baseline) => measured / baseline,
        ratio_means: 'first route / the empty app: how many times the framework floor the app ships first',
        target: `first route <= ${String(TARGET_KB)} KB brotli`,
        meets: (done) => done.median <= TARGET_KB,
        met: null,
        notes: {
          'first-route JS (KB br)': kilobytes(brotliBytes(ofType(/\.m?js$/))),
          'first-route CSS (KB br)': kilobytes(brotliBytes(ofType(/\.css$/))),
          'first-route raw (KB)': kilobytes(app.initialBytes),
          'first-route gzip -9 (KB)': kilobytes(app.initialGzipBytes),
          'lazy total (KB br)': kilobytes(brotliBytes(app.lazy)),
          ...sizeNotes('first route:', app.initial),
          ...sizeNotes('lazy:', app.lazy),
          builds: 'one per side: a build is deterministic',
        },
      }),
    ])
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

await main()
