import * as z from 'zod'

import type { RequestBudget } from './request-budget'

export interface WebflowConfig {
  token: string
  siteId: string
  collectionId: string | null
  /** The Data API v2 base URL, e.g. https://api.webflow.com/v2; a local stand-in can replace it. */
  apiUrl: string
}

/** Webflow's error body: `{ code, message, details }`; `details` items come as `{param, description}` or `{field, message}`. */
const errorBodySchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.record(z.string(), z.unknown())).optional(),
})

export class WebflowError extends Error {
  override name = 'WebflowError'

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly Record<string, unknown>[] = [],
  ) {
    super(message)
  }

  /** A 400 `validation_error` about the slug: Webflow's answer to a duplicate slug (not a 409). */
  get isDuplicateSlug(): boolean {
    return (
      this.status === 400 &&
      this.code === 'validation_error' &&
      this.details.some((detail) => detail.param === 'slug' || detail.field === 'slug')
    )
  }
}

export interface WebflowApiOptions {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** How many times a 429 is waited out before giving up. */
  rateLimitRetries?: number
  /** The longest single wait a `Retry-After` may ask for, in ms. */
  maxWaitMs?: number
  /** The site's request budget (`request-budget.ts`): every request, a retry too, takes from it first. */
  budget?: RequestBudget
}

/** A thin client of the Webflow Data API v2: bearer token, JSON, 429 honoured through `Retry-After`. */
export class WebflowApi {
  private readonly fetch: typeof fetch
  private readonly sleep: (ms: number) => Promise<void>
  private readonly rateLimitRetries: number
  private readonly maxWaitMs: number
  private readonly budget: RequestBudget | undefined

  constructor(
    readonly config: WebflowConfig,
    options: WebflowApiOptions = {},
  ) {
    this.fetch = options.fetch ?? fetch
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
    this.rateLimitRetries = options.rateLimitRetries ?? 3
    this.maxWaitMs = options.maxWaitMs ?? 65_000
    this.budget = options.budget
  }

  async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = `${this.config.apiUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
    for (let attempt = 0; ; attempt++) {
      await this.budget?.take()
      const response = await this.fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${this.config.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      })
      if (response.status === 429 && attempt < this.rateLimitRetries) {
        await this.sleep(Math.min(retryAfterMs(response.headers.get('retry-after')), this.maxWaitMs))
        continue
      }
      const text = await response.text()
      const payload = text === '' ? null : parseJson(text)
      if (response.ok) return payload
      const error = errorBodySchema.safeParse(payload)
      const parsed = error.success ? error.data : {}
      throw new WebflowError(
        response.status,
        parsed.code ?? 'unknown',
        `Webflow ${method} ${path}: ${String(response.status)} ${parsed.message ?? response.statusText}`,
        parsed.details ?? [],
      )
    }
  }
}

/** `Retry-After` in seconds or as an HTTP date; a missing or odd value means Webflow's usual minute. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 60_000
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? 60_000 : Math.max(date - now, 0)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
