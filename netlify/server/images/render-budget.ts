import { createHash } from 'node:crypto'
import * as z from 'zod'

import { TooManyRequestsError } from '../errors'
import type { DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { removeSpentDocuments, type SweepOptions } from '../storage/remove-spent'

/**
 * What `GET /api/image/{id}` may render for one address (decision 0070): a token bucket of megapixels
 * (each render costs the pixels it decodes and the pixels it encodes), kept in the document store and
 * taken by compare-and-swap, so every instance draws on the same bucket. The call-count rate limit of
 * the function's config still stands beside it; this one counts the work, so a burst of cards costs what
 * their pictures cost, and a few huge renders cost what many small ones do.
 */
export const RENDER_BUDGET = {
  /** What an address may spend at once: a first screen of 12-megapixel pictures, with room. */
  burstMegapixels: 2_000,
  /** What it gets back each minute: about one such card picture a second, sustained. */
  megapixelsPerMinute: 1_000,
} as const

const bucketSchema = z.object({ megapixels: z.number(), at: z.number() })
type Bucket = z.infer<typeof bucketSchema>

/** A bucket that is not one (written by hand, or cut short) counts as full. */
function parseBucket(value: unknown): Bucket | null {
  return bucketSchema.safeParse(value).data ?? null
}

/**
 * Where the request comes from: the address Netlify's edge puts in `x-nf-client-connection-ip` (it
 * overwrites whatever the client sent), else one bucket shared by every caller it cannot tell apart.
 */
export function clientAddress(request: Request): string {
  return request.headers.get('x-nf-client-connection-ip')?.trim() || 'unknown'
}

const PREFIX = 'image-work/'

/** The bucket's key: a digest, so an address is never written down as it came. */
export function budgetKey(address: string): string {
  return `${PREFIX}${createHash('sha256').update(address).digest('hex').slice(0, 32)}`
}

/** What the bucket holds at `at`: what was left, plus what came back since, up to the burst. */
function heldAt(bucket: Bucket | null, at: number): number {
  const { burstMegapixels, megapixelsPerMinute } = RENDER_BUDGET
  if (!bucket) return burstMegapixels
  const elapsed = Math.max(0, at - bucket.at)
  return Math.min(burstMegapixels, bucket.megapixels + (elapsed * megapixelsPerMinute) / 60_000)
}

/**
 * Removes the buckets that are full again (the hourly cleanup): a full bucket says what no bucket says,
 * so an address that rendered once costs no document after the first cleanup once its bucket has
 * refilled (two minutes at most after its last render).
 */
export function removeFullBuckets(
  documents: DocumentStore,
  now = Date.now(),
  options?: SweepOptions,
): Promise<number> {
  const full = (_key: string, value: unknown) =>
    heldAt(parseBucket(value), now) >= RENDER_BUDGET.burstMegapixels
  return removeSpentDocuments(documents, PREFIX, full, options)
}

/**
 * Takes `megapixels` from the address's bucket, or throws a 429 saying when it will hold enough again;
 * a refused render takes nothing. A render larger than the whole burst is refused outright: no wait
 * would make it fit (the route's output and input limits keep every real one far below it).
 */
export async function spendRenderBudget(
  documents: DocumentStore,
  address: string,
  megapixels: number,
  now: () => number = Date.now,
): Promise<void> {
  const { burstMegapixels, megapixelsPerMinute } = RENDER_BUDGET
  const perMs = megapixelsPerMinute / 60_000
  const waitMs = await mutateDocument<Bucket | null, number>(
    documents,
    budgetKey(address),
    parseBucket,
    (current) => {
      const at = now()
      const held = heldAt(current, at)
      if (held >= megapixels) return { next: { megapixels: held - megapixels, at }, result: 0 }
      return { next: undefined, result: Math.ceil((Math.min(megapixels, burstMegapixels) - held) / perMs) }
    },
  )
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    throw new TooManyRequestsError(
      `Too many pictures rendered from this address for now (each costs its megapixels); try again in ${String(seconds)} s`,
      seconds,
    )
  }
}
