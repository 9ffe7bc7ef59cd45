import useSWR from 'swr'

import type { WebflowSyncAllStatus } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { WebflowStatus } from '../../../contract/webflow'
import { apiRequest } from '../../../lib/api-client'

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
export function getWebflowStatus(): Promise<WebflowStatus> {
  return apiRequest(ENDPOINTS.webflowStatus, { schema: 'webflowStatus', everyStatus: true })
}

/** The connection test, asked when the Webflow panel opens (each test is a call to Webflow). */
export function useWebflowStatus(enabled: boolean) {
  return useSWR<WebflowStatus, Error>(enabled ? webflowStatusKey() : null, getWebflowStatus, {
    revalidateOnFocus: false,
  })
}
