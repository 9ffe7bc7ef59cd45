/** Restarts the run's netlify dev on the same project directory and ports (see netlify-dev.setup.ts). */
import { inject } from 'vitest'

export async function restartApiServer(): Promise<void> {
  const response = await fetch(inject('apiRestartUrl'), {
    method: 'POST',
    signal: AbortSignal.timeout(150_000),
  })
  if (response.status !== 204) {
    throw new Error(`restarting netlify dev failed (${String(response.status)}):\n${await response.text()}`)
  }
}
