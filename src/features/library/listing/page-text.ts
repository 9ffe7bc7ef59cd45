import '../../../lib/zod-config'

import { decodeMediaPage } from '../../../contract/media-page-codec'
import {
  mediaPageChangesSchema,
  mediaPagesAnswerSchema,
  type MediaPagesAnswer,
} from '../../../contract/media-pages-schema'
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
  return parsed.success ? pageOf(parsed.data) : null
}

/** A `?changes=` answer (decision 0083), read: every page's ETag now, and the changed pages it holds. */
export interface ChangesText {
  shardCount: number
  etags: string[]
  pages: Map<number, PageText>
}

/** The `?changes=` answer a text holds; null when it is not one the contract allows. */
export function readChangesText(text: string): ChangesText | null {
  const parsed = mediaPageChangesSchema.safeParse(readJson(text))
  if (!parsed.success) return null
  const pages = new Map<number, PageText>()
  for (const { page, answer } of parsed.data.pages) {
    const read = pageOf(answer)
    if (read === null) return null
    pages.set(page, read)
  }
  return { shardCount: parsed.data.shard_count, etags: parsed.data.etags, pages }
}

/** A checked page's records and layout; null when its columns do not decode. */
function pageOf(answer: MediaPagesAnswer): PageText | null {
  try {
    const { count, shard_count: shardCount, next_shards: nextShards = null, title_order } = answer
    const read = { records: decodeMediaPage(answer), count, shardCount, nextShards }
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
