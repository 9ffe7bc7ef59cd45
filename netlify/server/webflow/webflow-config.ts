import { webflowPublishModeSchema, type WebflowPublishMode } from '../../../src/contract/webflow'
import type { WebflowConfig } from './webflow-api'

export type WebflowSetup =
  /** No token: the mirror is off and nothing mentions it (spec: skipped without error). */
  | { kind: 'off' }
  /** A token without a site or collection: non-critical, shown on the record as skipped. */
  | {
      kind: 'incomplete'
      message: 'Configuration missing' | 'Collection configuration missing' | typeof INVALID_PUBLISH_MODE
    }
  | {
      kind: 'ready'
      /** `publish` unset: `live`, the default. */
      config: WebflowConfig & { collectionId: string; publish?: WebflowPublishMode }
    }

export const INVALID_PUBLISH_MODE = 'WEBFLOW_PUBLISH must be live or staged'

/**
 * `WEBFLOW_PUBLISH`: `live` (the default, also when empty) or `staged`, in any case; anything else is
 * null, a setting to fix.
 */
export function publishMode(env: Record<string, string | undefined>): WebflowPublishMode | null {
  const raw = env.WEBFLOW_PUBLISH?.trim().toLowerCase() || 'live'
  const parsed = webflowPublishModeSchema.safeParse(raw)
  return parsed.success ? parsed.data : null
}

export const DEFAULT_WEBFLOW_API_URL = 'https://api.webflow.com/v2'

/** Reads the mirror's settings. The token stays on the server: no `VITE_` variable ever holds it. */
export function webflowSetup(env: Record<string, string | undefined>): WebflowSetup {
  const token = env.WEBFLOW_API_TOKEN?.trim()
  if (!token) return { kind: 'off' }
  const siteId = env.WEBFLOW_SITE_ID?.trim()
  if (!siteId) return { kind: 'incomplete', message: 'Configuration missing' }
  const collectionId = env.WEBFLOW_COLLECTION_ID?.trim()
  if (!collectionId) return { kind: 'incomplete', message: 'Collection configuration missing' }
  const publish = publishMode(env)
  if (!publish) return { kind: 'incomplete', message: INVALID_PUBLISH_MODE }
  const apiUrl = env.WEBFLOW_API_URL?.trim() || DEFAULT_WEBFLOW_API_URL
  return { kind: 'ready', config: { token, siteId, collectionId, apiUrl, publish } }
}

/** The site-only settings the connection test needs (no collection required). */
export function siteConfig(env: Record<string, string | undefined>): WebflowConfig | null {
  const token = env.WEBFLOW_API_TOKEN?.trim()
  const siteId = env.WEBFLOW_SITE_ID?.trim()
  if (!token || !siteId) return null
  return {
    token,
    siteId,
    collectionId: env.WEBFLOW_COLLECTION_ID?.trim() || null,
    apiUrl: env.WEBFLOW_API_URL?.trim() || DEFAULT_WEBFLOW_API_URL,
  }
}
