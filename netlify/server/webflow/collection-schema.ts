import * as z from 'zod'

import type { WebflowApi } from './webflow-api'

/** An option of an Option field: items hold its `id`, the Designer shows its `name`. */
export interface CollectionOption {
  id: string
  name: string
}

/** A field of the collection, as `GET /collections/{id}` describes it. */
export interface CollectionField {
  slug: string
  displayName: string
  /** Webflow's type name: PlainText, RichText, Number, DateTime, Link, Option, Image, File, ... */
  type: string
  isRequired: boolean
  /** An Option field's options; empty for other types. */
  options: CollectionOption[]
}

export interface CollectionSchema {
  id: string
  displayName: string
  slug: string
  fields: CollectionField[]
}

const optionSchema = z.object({ id: z.string(), name: z.string() })

const fieldSchema = z.object({
  slug: z.string(),
  displayName: z.string().nullish(),
  type: z.string(),
  isRequired: z.boolean().nullish(),
  validations: z
    .object({ options: z.array(z.unknown()).nullish() })
    .loose()
    .nullish(),
})

const collectionSchema = z.object({
  id: z.string(),
  displayName: z.string().nullish(),
  slug: z.string().nullish(),
  fields: z.array(z.unknown()),
})

/** Reads the collection's fields. A field or option Webflow describes in an unknown shape is left out. */
export async function fetchCollectionSchema(
  api: WebflowApi,
  collectionId: string,
): Promise<CollectionSchema> {
  const body = collectionSchema.parse(
    await api.request('GET', `collections/${encodeURIComponent(collectionId)}`),
  )
  const fields = body.fields.flatMap((raw) => {
    const parsed = fieldSchema.safeParse(raw)
    if (!parsed.success) return []
    const field = parsed.data
    const options = (field.validations?.options ?? []).flatMap((option) => {
      const valid = optionSchema.safeParse(option)
      return valid.success ? [valid.data] : []
    })
    return [
      {
        slug: field.slug,
        displayName: field.displayName ?? field.slug,
        type: field.type,
        isRequired: field.isRequired ?? false,
        options,
      },
    ]
  })
  return { id: body.id, displayName: body.displayName ?? '', slug: body.slug ?? '', fields }
}

/** How long this instance trusts a collection's schema it read. */
export const SCHEMA_TTL_MS = 5 * 60_000

const cache = new Map<string, { schema: CollectionSchema; readAt: number }>()

function cacheKey(api: WebflowApi, collectionId: string): string {
  return `${api.config.apiUrl}\n${collectionId}`
}

/**
 * The collection's schema, read at most once per `SCHEMA_TTL_MS` per instance (`refresh` reads it
 * again, as after Webflow refused a value).
 */
export async function collectionSchemaFor(
  api: WebflowApi,
  collectionId: string,
  { refresh = false, now = Date.now() }: { refresh?: boolean; now?: number } = {},
): Promise<CollectionSchema> {
  const key = cacheKey(api, collectionId)
  const cached = cache.get(key)
  if (!refresh && cached && now - cached.readAt < SCHEMA_TTL_MS) return cached.schema
  const schema = await fetchCollectionSchema(api, collectionId)
  cache.set(key, { schema, readAt: now })
  return schema
}

/** Forgets every cached schema. */
export function forgetCollectionSchemas(): void {
  cache.clear()
}

/**
 * One sync run's view of the schema: read (or taken from the cache) on first use, and read again at
 * most once per run, after a `validation_error`.
 */
export class SchemaSession {
  private current: Promise<CollectionSchema> | null = null
  private refreshed = false

  constructor(
    private readonly api: WebflowApi,
    private readonly collectionId: string,
  ) {}

  get(): Promise<CollectionSchema> {
    if (this.current) return this.current
    const reading = collectionSchemaFor(this.api, this.collectionId)
    // A failed read is not kept: the next record tries again.
    reading.catch(() => {
      if (this.current === reading) this.current = null
    })
    this.current = reading
    return reading
  }

  /** Reads the schema again, once per run; false when it already was. */
  async refresh(): Promise<boolean> {
    if (this.refreshed) return false
    this.refreshed = true
    this.current = null
    const reading = collectionSchemaFor(this.api, this.collectionId, { refresh: true })
    this.current = reading
    try {
      await reading
    } catch (error) {
      this.current = null
      throw error
    }
    return true
  }
}
