/**
 * The server that tests/e2e/global-setup.ts started for the running test's project: its address, and a
 * restart of netlify dev for the rare case where it stopped answering (netlify dev exits when a request
 * body is cut off halfway).
 */
import { test } from '@playwright/test'

function required(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') {
    throw new Error(`${name} is not set: run the suite with \`npm run e2e\` (its global setup sets it)`)
  }
  return value
}

/** `http://127.0.0.1:<port>`, the server the running test's project uses (its `baseURL`). */
export function baseUrl(): string {
  const url = test.info().project.use.baseURL
  if (!url) throw new Error('No baseURL: run the suite with `npm run e2e` (its global setup sets it)')
  return url
}

/** Whether netlify dev answers `GET /api/folder-list` with 200 within a few seconds. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl()}/api/folder-list`, { signal: AbortSignal.timeout(5000) })
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
