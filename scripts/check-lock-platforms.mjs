#!/usr/bin/env node
/**
 * Fails when package-lock.json leaves out a package's optional dependency, such as the macOS or Windows
 * build of a native binding. npm writes a lock from the tree it installed, and when that tree was made on
 * one platform it can drop the other platforms' bindings; `npm ci` on that other platform then refuses
 * the lock as out of sync. Every optional dependency must have an entry that Node's lookup would find:
 * beside the package in its own node_modules, or in a node_modules folder above it. The lock to check is
 * the first argument, package-lock.json by default.
 */
import { readFile } from 'node:fs/promises'

const lockPath = process.argv[2] ?? new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(await readFile(lockPath, 'utf8'))
const packages = lock.packages ?? {}

/** The lock entry that `name` would resolve to from the package at `from`, walking up as Node does. */
function resolvedEntry(from, name) {
  let base = from
  for (;;) {
    const path = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`
    if (path in packages) return path
    if (base === '') return undefined
    const cut = base.lastIndexOf('/node_modules/')
    base = cut === -1 ? '' : base.slice(0, cut)
  }
}

const missing = []
for (const [path, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {}))
    if (resolvedEntry(path, name) === undefined) missing.push(`${path || '(root)'} -> ${name}`)
}

if (missing.length > 0) {
  console.error(
    `package-lock.json lacks ${missing.length} optional dependencies, so npm ci fails on some platforms:`,
  )
  for (const line of missing) console.error(`  ${line}`)
  console.error('Regenerate it from the registry: rm -rf node_modules package-lock.json && npm install')
  process.exit(1)
}
console.log(
  `package-lock.json: every optional dependency of ${Object.keys(packages).length} entries is listed`,
)
