import { createHash } from 'node:crypto'

import * as z from 'zod'

import {
  webflowStatusSchema,
  type WebflowPublishMode,
  type WebflowStatus,
} from '../../../src/contract/webflow'
import type { DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { collectionSchemaFor } from './collection-schema'
import { fieldMapWarning, planFields } from './field-mapping'
import { WebflowBudgetSpentError, type RequestBudget } from './request-budget'
import { WebflowApi, WebflowError, type WebflowApiOptions, type WebflowConfig } from './webflow-api'
import { NO_FIELD_MAP, type FieldMap } from './webflow-config'

/**
 * The connection test's last answer, kept for every instance (decision 0034): a test repeated within a
 * minute (ten seconds after a failure, so a fix shows soon) is answered from it and costs Webflow
 * nothing. Keyed by a hash of the settings, so a changed token, site, collection, publish mode or
 * `WEBFLOW_FIELD_MAP` is tested afresh; the token itself is never stored.
 */
export const STATUS_CACHE_KEY = 'webflow/status'
export const STATUS_FRESH_MS = 60_000
export const FAILED_STATUS_FRESH_MS = 10_000

const cachedSchema = z.object({
  settings: z.string(),
  at: z.number(),
  code: z.number(),
  status: webflowStatusSchema,
})
type Cached = z.infer<typeof cachedSchema>

export interface ConnectionStatus {
  status: WebflowStatus
  code: number
  /** How old the answer is, in seconds, when it came from the kept one; null when Webflow was asked. */
  age: number | null
  /** When the budget had no request to spare and nothing was kept: seconds to wait. */
  retryAfter?: number
}

export interface StatusOptions {
  /** `WEBFLOW_FIELD_MAP`, read; unset: none. */
  fieldMap?: FieldMap
  budget?: RequestBudget
  apiOptions?: WebflowApiOptions
  now?: () => number
}

/**
 * The connection test for `config`: the kept answer while fresh, else Webflow's (`GET sites/{id}`, then
 * `GET collections/{id}`), each call taken from the site's request budget. With the budget spent, a kept
 * answer of the same settings, however old, is better than none; without one, a 503 says when to retry.
 */
export async function connectionStatus(
  documents: DocumentStore,
  config: WebflowConfig,
  publish: WebflowPublishMode,
  { fieldMap = NO_FIELD_MAP, budget, apiOptions, now = Date.now }: StatusOptions = {},
): Promise<ConnectionStatus> {
  const settings = settingsHash(config, publish, fieldMap)
  const kept = await readKept(documents, settings)
  const ageMs = kept ? now() - kept.at : Infinity
  const freshFor = kept?.code === 200 ? STATUS_FRESH_MS : FAILED_STATUS_FRESH_MS
  if (kept && ageMs >= 0 && ageMs < freshFor) {
    return { status: kept.status, code: kept.code, age: Math.floor(ageMs / 1000) }
  }
  try {
    const api = new WebflowApi(config, { rateLimitRetries: 0, ...apiOptions, budget })
    const fresh = await askWebflow(api, config, publish, fieldMap)
    const at = now()
    await mutateDocument(
      documents,
      STATUS_CACHE_KEY,
      (value) => value,
      () => ({
        next: { settings, at, ...fresh } satisfies Cached,
        result: undefined,
      }),
    )
    return { ...fresh, age: null }
  } catch (error) {
    if (!(error instanceof WebflowBudgetSpentError)) throw error
    if (kept) return { status: kept.status, code: kept.code, age: Math.floor(ageMs / 1000) }
    const retryAfter = Math.ceil(error.retryAfterMs / 1000)
    return { status: { ok: false, configured: true, error: error.message }, code: 503, age: null, retryAfter }
  }
}

async function askWebflow(
  api: WebflowApi,
  config: WebflowConfig,
  publish: WebflowPublishMode,
  fieldMap: FieldMap,
): Promise<{ status: WebflowStatus; code: number }> {
  try {
    const site = (await api.request('GET', `sites/${encodeURIComponent(config.siteId)}`)) as Record<
      string,
      unknown
    >
    const reached: WebflowStatus = {
      ok: true,
      configured: true,
      site: {
        id: String(site.id),
        displayName: typeof site.displayName === 'string' ? site.displayName : undefined,
        shortName: typeof site.shortName === 'string' ? site.shortName : undefined,
      },
      collection_id: config.collectionId,
      publish,
    }
    if (!config.collectionId) {
      return { status: { ...reached, warning: 'Collection configuration missing' }, code: 200 }
    }
    // Read afresh, and cached for the syncs of this instance.
    const schema = await collectionSchemaFor(api, config.collectionId, { refresh: true })
    const plan = planFields(schema, fieldMap)
    const required = plan.unmappedRequired.map((field) => `"${field.slug}"`).join(', ')
    const warnings = [
      required && `Webflow will refuse every item: the app cannot fill the required fields ${required}`,
      fieldMapWarning(plan.fieldMapProblems),
    ].filter(Boolean)
    const status: WebflowStatus = {
      ...reached,
      collection: { id: schema.id, display_name: schema.displayName, slug: schema.slug },
      mapping: plan.mapping,
      picture: plan.picture,
      skipped_fields: plan.skipped,
      unmapped_required: plan.unmappedRequired,
      ...(warnings.length > 0 ? { warning: warnings.join('. ') } : {}),
    }
    return { status, code: 200 }
  } catch (error) {
    if (error instanceof WebflowBudgetSpentError) throw error
    const message = error instanceof WebflowError ? error.message : 'Webflow could not be reached'
    return { status: { ok: false, configured: true, error: message }, code: 502 }
  }
}

/**
 * The last connection test's answer for these settings, however old, without asking Webflow; null when
 * none was kept for them.
 */
export async function keptStatus(
  documents: DocumentStore,
  config: WebflowConfig,
  publish: WebflowPublishMode,
  fieldMap: FieldMap = NO_FIELD_MAP,
): Promise<WebflowStatus | null> {
  return (await readKept(documents, settingsHash(config, publish, fieldMap)))?.status ?? null
}

async function readKept(documents: DocumentStore, settings: string): Promise<Cached | null> {
  const stored = await documents.read(STATUS_CACHE_KEY)
  const parsed = cachedSchema.safeParse(stored?.value)
  return parsed.success && parsed.data.settings === settings ? parsed.data : null
}

function settingsHash(config: WebflowConfig, publish: WebflowPublishMode, fieldMap: FieldMap): string {
  const { token, siteId, collectionId, apiUrl } = config
  return createHash('sha256')
    .update(JSON.stringify([token, siteId, collectionId, apiUrl, publish, fieldMap]))
    .digest('base64url')
}
