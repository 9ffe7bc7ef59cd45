import useSWR from 'swr'

import type { WebflowSyncAllStatus } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { WebflowStatus } from '../../../contract/webflow'
import { reportAccessRefused } from '../../../lib/access'
import { answerSchemas, apiRequest, ApiError } from '../../../lib/api-client'

/** While Sync all runs, its progress is fetched this often. */
export const SYNC_ALL_POLL_MS = 2_000

export const syncAllKey = () => ENDPOINTS.webflowSyncAll
export const webflowStatusKey = () => ENDPOINTS.webflowStatus

export function getSyncAll(): Promise<WebflowSyncAllStatus> {
  return apiRequest(ENDPOINTS.webflowSyncAll, { schema: 'webflowSyncAllStatus' })
}

/**
 * Whether the mirror is set up, and how far the latest Sync all got. Cheap (no call to Webflow), so the
 * screen asks once on load; while a run goes it asks again every few seconds.
 */
export function useSyncAll() {
  return useSWR<WebflowSyncAllStatus, Error>(syncAllKey(), getSyncAll, {
    revalidateOnFocus: false,
    refreshInterval: (latest) => (latest?.running ? SYNC_ALL_POLL_MS : 0),
  })
}

/** Starts Sync all; the answer says how many files it queued. */
export function startSyncAll() {
  return apiRequest(ENDPOINTS.webflowSyncAll, { method: 'POST', schema: 'webflowSyncAllResponse' })
}

/**
 * The connection test. It answers the same shape with 200, 502 (Webflow refused or could not be reached)
 * and 503 (settings missing), so the body is read whatever the status; only a body of another shape is
 * an error.
 */
export async function getWebflowStatus(): Promise<WebflowStatus> {
  const response = await fetch(ENDPOINTS.webflowStatus, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (response.status === 401) reportAccessRefused()
  const payload: unknown = await response.json().catch(() => null)
  const parsed = (await answerSchemas()).webflowStatus.safeParse(payload)
  if (parsed.success) return parsed.data
  const error =
    typeof payload === 'object' && payload !== null && 'error' in payload && typeof payload.error === 'string'
      ? payload.error
      : `The connection test answered ${String(response.status)}`
  throw new ApiError(response.status, error)
}

/** The connection test, asked when the Webflow panel opens (each test is a call to Webflow). */
export function useWebflowStatus(enabled: boolean) {
  return useSWR<WebflowStatus, Error>(enabled ? webflowStatusKey() : null, getWebflowStatus, {
    revalidateOnFocus: false,
  })
}
