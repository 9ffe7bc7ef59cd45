/**
 * The server of the running test: in the `site` project this worker's function host (started by the
 * `workerServer` fixture), in the `netlify` project the netlify dev of tests/e2e/global-setup.ts; and a
 * restart of netlify dev for the rare case where it stopped answering (netlify dev exits when a request
 * body is cut off halfway).
 */
import { join } from 'node:path'

import { test } from '@playwright/test'

/** The project whose workers each serve the build from a function host of their own. */
export const SITE_PROJECT = 'site'

/** The build the global setup made, which each worker of the `site` project serves. */
export function builtSite(): string {
  return join(required('E2E_PROJECT_DIR'), 'dist')
}

// A worker runs the tests of one project, so one address per worker process; `baseUrl()` reads it in
// hooks and helpers that have no fixtures at hand.
let workerServer: string | undefined

export function useWorkerServer(url: string): void {
  workerServer = url
}

function required(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') {
    throw new Error(`${name} is not set: run the suite with \`npm run e2e\` (its global setup sets it)`)
  }
  return value
}

/** `http://127.0.0.1:<port>`, the server of the running test (its `baseURL`). */
export function baseUrl(): string {
  const url = workerServer ?? test.info().project.use.baseURL
  if (!url) throw new Error('No baseURL: run the suite with `npm run e2e` (its global setup sets it)')
  return url
}

/**
 * Whether netlify dev answers `GET /api/folder-list` with 200. A stopped one refuses the connection at
 * once; a busy one can take several seconds a call on two cores, and a restart is not the cure for that.
 */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl()}/api/folder-list`, { signal: AbortSignal.timeout(20_000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

/** Starts netlify dev again on the same directory (so the same data) and the same port. */
export async function restartServer(): Promise<void> {
  const response = await fetch(required('E2E_CONTROL_URL'), { method: 'POST' })
  if (response.status !== 204) {
    throw new Error(`netlify dev did not restart: ${String(response.status)} ${await response.text()}`)
  }
}

/** Restarts netlify dev when it no longer answers; true when it had to. */
export async function ensureServer(): Promise<boolean> {
  if (await serverAnswers()) return false
  await restartServer()
  return true
}
