/**
 * The real server, loaded into the benchmark's own process: `server-entry.ts` bundled with esbuild (as
 * Netlify bundles each function), then imported. Requests go to the handlers through the same router the
 * component tests use, which rewrites paths as netlify.toml does.
 */
import { mkdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

export type Server = typeof import('./server-entry.ts')

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..')
/** Inside node_modules, so the bundle's package imports resolve from the project's own packages. */
const OUT_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'media-file-manager-bench')

/**
 * Bundles `entry` with esbuild as Netlify bundles a function (packages left to node_modules) and imports
 * it. Shared by every benchmark that runs the project's own code in its process.
 */
export async function loadBundled<T>(entry: string, name: string): Promise<T> {
  await mkdir(OUT_DIR, { recursive: true })
  const outfile = join(OUT_DIR, `${name}-${String(process.pid)}.mjs`)
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  })
  try {
    return (await import(pathToFileURL(outfile).href)) as T
  } finally {
    // Loaded once per process; the file is not needed after the import.
    await rm(outfile, { force: true })
  }
}

export function loadServer(): Promise<Server> {
  return loadBundled<Server>(resolve(import.meta.dirname, 'server-entry.ts'), 'server')
}

export interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
}

/** One request to the handler netlify.toml routes `path` to; a JSON `body` is sent as JSON. */
export async function call(
  server: Server,
  method: string,
  path: string,
  { body, headers = {} }: CallOptions = {},
): Promise<Response> {
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers = { 'Content-Type': 'application/json', ...headers }
  }
  const response = await server.routeToFunction(new Request(`http://bench.local${path}`, init))
  if (response === null) throw new Error(`no function serves ${path}`)
  return response
}

/** The JSON answer of a call that must succeed. */
export async function callJson<T>(
  server: Server,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const response = await call(server, method, path, options)
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}
