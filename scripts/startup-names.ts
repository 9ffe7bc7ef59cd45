import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Plugin } from 'vite'

import * as storageNames from '../src/lib/storage-names.ts'

/** The startup scripts that carry the names: they run before the app's code and cannot import it. */
export const STARTUP_SCRIPTS = ['public/startup/theme-init.js', 'public/startup/start-app.js']

const START = '// Names from src/lib/storage-names.ts, written by scripts/startup-names.ts: edit them there.'
const END = '// End of the names.'
const BLOCK = /^([ \t]*)\/\/ Names from src\/lib\/storage-names\.ts[^\n]*\n[\s\S]*?\/\/ End of the names\./m

type Names = Readonly<Record<string, string | number>>

/** A value as the scripts' own style writes it (single quotes), so the formatter leaves the block as written. */
const literal = (value: string | number) =>
  typeof value === 'number' ? String(value) : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** The block a startup script holds: one `var NAMES`, indented as the line it replaces. */
export function namesBlock(names: Names, indent = ''): string {
  const entries = Object.keys(names)
    .sort()
    .map((name) => `${indent}  ${name}: ${literal(names[name] ?? '')},`)
  return [`${indent}${START}`, `${indent}var NAMES = {`, ...entries, `${indent}}`, `${indent}${END}`].join(
    '\n',
  )
}

/** `script` with its block of names written from `names`; an error when it has no such block. */
export function withNames(script: string, names: Names = storageNames): string {
  const match = BLOCK.exec(script)
  if (match === null) throw new Error('A startup script has no block of names to write')
  return script.replace(BLOCK, namesBlock(names, match[1]))
}

/** Writes each startup script whose block is stale; returns the scripts it wrote. */
export async function writeStartupNames(root: string): Promise<string[]> {
  const written: string[] = []
  for (const path of STARTUP_SCRIPTS) {
    const file = join(root, path)
    const script = await readFile(file, 'utf8')
    const fresh = withNames(script)
    if (fresh === script) continue
    await writeFile(file, fresh)
    written.push(path)
  }
  return written
}

/** Writes the startup scripts' names as the build and the dev server start, before public/ is read. */
export function startupNamesPlugin(): Plugin {
  let root = process.cwd()
  return {
    name: 'media-file-manager:startup-names',
    configResolved(config) {
      root = config.root
    },
    async buildStart() {
      // Under the tests the scripts are read as committed, so that a stale block fails them.
      if (process.env.VITEST !== undefined) return
      await writeStartupNames(root)
    },
  }
}
