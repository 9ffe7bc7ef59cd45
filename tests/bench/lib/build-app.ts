/**
 * Production builds of the app for the browser benchmarks: the project's own Vite config, into a
 * directory of the benchmark's choosing, optionally with modules swapped (`alias`). Source maps are left
 * out: nothing measured reads them.
 */
import { join, resolve } from 'node:path'

import { build, type AliasOptions } from 'vite'

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..')

/** `minify: false` keeps the code's own names, for a profile that can be read. */
export async function buildApp(
  outDir: string,
  alias: AliasOptions = [],
  { minify = true }: { minify?: boolean } = {},
): Promise<string> {
  await build({
    root: PROJECT_ROOT,
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false, ...(minify ? {} : { minify: false }) },
    resolve: { alias },
  })
  return outDir
}
