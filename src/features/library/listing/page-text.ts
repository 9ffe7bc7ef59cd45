import '../../../lib/zod-config'

import { decodeMediaPage } from '../../../contract/media-pages'
import { mediaPagesAnswerSchema } from '../../../contract/media-pages-schema'
import type { MediaRecord } from '../../../contract/record'

/**
 * A page's answer read and checked with the contract schema, apart from the loader so that the page,
 * which reads the first page itself on a first visit, loads zod with this module only (decision 0042).
 */

export interface PageText {
  records: MediaRecord[]
  count: number
  shardCount: number
  /** The rest of the range asked for, when the answer stopped short of it at its byte budget. */
  nextShards: string | null
  /** The records' positions in the default order (the first page's answer only). */
  titleOrder?: number[]
}

/** The records and layout of a page's answer text; null when it is not a page the contract allows. */
export function readPageText(text: string): PageText | null {
  const parsed = mediaPagesAnswerSchema.safeParse(readJson(text))
  if (!parsed.success) return null
  try {
    const { count, shard_count: shardCount, next_shards: nextShards = null, title_order } = parsed.data
    const read = { records: decodeMediaPage(parsed.data), count, shardCount, nextShards }
    return title_order === undefined ? read : { ...read, titleOrder: title_order }
  } catch {
    return null
  }
}

/** The JSON an answer's text holds; null for an empty or malformed body. */
export function readJson(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
