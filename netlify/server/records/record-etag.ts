import { createHash } from 'node:crypto'

import type { MediaRecord } from '../../../src/contract/record'
import { stableJson } from './stable-json'

/**
 * A strong validator of a record: changes whenever any of its fields does. `GET /api/media/{id}` and
 * `PATCH /api/update/{id}` send it as `ETag`; the update takes it back as `If-Match`.
 */
export function recordEtag(record: MediaRecord): string {
  return `"${createHash('sha256').update(stableJson(record)).digest('base64url').slice(0, 27)}"`
}

/**
 * Whether an `If-Match` header holds for a record whose ETag is `etag`: it names that ETag, or is `*`.
 * Compared strongly, as RFC 9110 asks of `If-Match`: a weak tag (`W/"..."`) never holds.
 */
export function ifMatchHolds(header: string, etag: string): boolean {
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag
  })
}
