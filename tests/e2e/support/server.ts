/**
 * The netlify dev that tests/e2e/global-setup.ts started: its address, and a restart for the rare case
 * where it stopped answering (netlify dev exits when a request body is cut off halfway).
 */

function required(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') {
    throw new Error(`${name} is not set: run the suite with \`npm run e2e\` (its global setup sets it)`)
  }
  return value
}

/** `http://127.0.0.1:<port>`, the netlify dev the tests run against. */
export function baseUrl(): string {
  return required('E2E_BASE_URL')
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
