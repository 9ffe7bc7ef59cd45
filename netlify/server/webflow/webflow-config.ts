import {
  WEBFLOW_SPEC_FIELDS,
  webflowPublishModeSchema,
  type WebflowPublishMode,
  type WebflowSpecField,
} from '../../../src/contract/webflow'
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
      /** `publish` unset: `live`, the default; `fieldMap` unset: no field named by the setting. */
      config: WebflowConfig & { collectionId: string; publish?: WebflowPublishMode; fieldMap?: FieldMap }
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

/**
 * `WEBFLOW_FIELD_MAP`, read: the collection field each named spec field goes to, and what of the
 * setting is ignored, said in words (the connection test shows them; the mirror ignores those pairs).
 */
export interface FieldMap {
  targets: Partial<Record<WebflowSpecField, string>>
  problems: string[]
}

/** Webflow's own fields, filled with the title and its slug: no spec field may be sent there. */
export const BUILT_IN_SLUGS: ReadonlySet<string> = new Set(['name', 'slug'])

/**
 * `WEBFLOW_FIELD_MAP`: comma-separated `spec-field=collection-slug` pairs, e.g.
 * `media-url=hero-image,description=summary`. A pair that is not one, a spec field the mirror does
 * not write, Webflow's own `name` or `slug`, and every pair naming a spec field or a collection slug
 * another pair names too are ignored (which of them was meant cannot be told), each with a problem.
 * Whether the collection has the slug is known only once it is read (`resolveTargets`).
 */
export function fieldMapSetting(env: Record<string, string | undefined>): FieldMap {
  const problems: string[] = []
  const pairs: { field: WebflowSpecField; slug: string }[] = []
  const known: ReadonlySet<string> = new Set(WEBFLOW_SPEC_FIELDS)
  for (const part of (env.WEBFLOW_FIELD_MAP ?? '').split(',')) {
    const text = part.trim()
    if (text === '') continue
    const [field = '', slug = '', ...rest] = text.split('=').map((side) => side.trim())
    if (rest.length > 0 || field === '' || slug === '') {
      problems.push(`"${text}" is not a pair spec-field=collection-slug`)
    } else if (!known.has(field)) {
      problems.push(`"${field}" is not a field the mirror writes (${WEBFLOW_SPEC_FIELDS.join(', ')})`)
    } else if (BUILT_IN_SLUGS.has(slug)) {
      problems.push(`"${slug}" is Webflow's own field, which holds the title or its slug`)
    } else {
      pairs.push({ field: field as WebflowSpecField, slug })
    }
  }
  const count = (pick: (pair: (typeof pairs)[number]) => string) => {
    const counts = new Map<string, number>()
    for (const pair of pairs) counts.set(pick(pair), (counts.get(pick(pair)) ?? 0) + 1)
    return [...counts].filter(([, times]) => times > 1).map(([name]) => name)
  }
  const twiceFields = new Set(count((pair) => pair.field))
  const twiceSlugs = new Set(count((pair) => pair.slug))
  for (const field of twiceFields) problems.push(`"${field}" is named more than once`)
  for (const slug of twiceSlugs) problems.push(`the collection field "${slug}" is named more than once`)
  const targets: FieldMap['targets'] = {}
  for (const { field, slug } of pairs) {
    if (!twiceFields.has(field) && !twiceSlugs.has(slug)) targets[field] = slug
  }
  return { targets, problems }
}

/** No field named by the setting. */
export const NO_FIELD_MAP: FieldMap = { targets: {}, problems: [] }

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
  const fieldMap = fieldMapSetting(env)
  return { kind: 'ready', config: { token, siteId, collectionId, apiUrl, publish, fieldMap } }
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
