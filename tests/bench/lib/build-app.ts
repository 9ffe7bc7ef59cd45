/**
 * Production builds of the app for the browser benchmarks: the project's own Vite config, into a
 * directory of the benchmark's choosing, optionally with modules swapped (`alias`), or of an earlier
 * commit (`buildCommit`). Source maps are left out: nothing measured reads them.
 */
import { spawn } from 'node:child_process'
import { mkdir, symlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import { build, type AliasOptions } from 'vite'

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..')

/** `minify: false` keeps the code's own names, for a profile that can be read; `root`: another checkout. */
export async function buildApp(
  outDir: string,
  alias: AliasOptions = [],
  { minify = true, root = PROJECT_ROOT }: { minify?: boolean; root?: string } = {},
): Promise<string> {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false, ...(minify ? {} : { minify: false }) },
    resolve: { alias },
  })
  return outDir
}

/**
 * The files of `commit` (as `git archive` gives them: no worktree is registered) unpacked into
 * `directory/source`, with this checkout's node_modules, and built into `directory/app`. The source
 * serves as that build's own functions (`LISTING_BEFORE_SOURCE`).
 */
export async function buildCommit(
  commit: string,
  directory: string,
  options: { minify?: boolean } = {},
): Promise<{ appDir: string; sourceRoot: string }> {
  const sourceRoot = join(directory, 'source')
  await mkdir(sourceRoot, { recursive: true })
  await new Promise<void>((done, fail) => {
    const archive = spawn('git', ['archive', '--format=tar', commit], { cwd: PROJECT_ROOT })
    const unpack = spawn('tar', ['-x', '-C', sourceRoot])
    archive.stdout.pipe(unpack.stdin)
    let errors = ''
    archive.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    archive.on('exit', (code) => {
      if (code !== 0) fail(new Error(`git archive ${commit}: ${errors.trim()}`))
    })
    unpack.on('exit', (code) => {
      if (code === 0) done()
      else fail(new Error(`tar exited with ${String(code)} unpacking ${commit}`))
    })
  })
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(sourceRoot, 'node_modules'))
  const appDir = await buildApp(join(directory, 'app'), [], { ...options, root: sourceRoot })
  return { appDir, sourceRoot }
}
