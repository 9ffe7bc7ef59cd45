import { describe, expect, it } from 'vitest'

import { pageRange, parseShardRange, SHARD_IDS } from '../../../../../src/contract/media-pages'
import { encodeMediaPage } from '../../../../../src/contract/media-page-codec'
import { ListingLoader } from '../../../../../src/features/library/listing/listing-loader'
import type { ListingReply } from '../../../../../src/features/library/listing/listing-protocol'
import { listedRecord } from '../../../../support/listed-record'

/**
 * The order of a first visit's requests (decision 0055): the first page goes alone, the second is asked
 * for as the first one's answer arrives (before its body is read), and the rest once the first page
 * says how many shards there are. A stand-in server answers only when the test says so.
 */
const SHARD_COUNT = 101 // pages 0-3: shards 0-0, 1-49, 50-99, 100-149

interface Asked {
  shards: string
  /** Sends the answer's status and headers; the body follows with `finish`. */
  answer: () => void
  /** Sends the body and ends it. */
  finish: () => void
}

/** One record at the start of each shard of the range, as the answer's JSON. */
function pageBody(shards: string): string {
  const range = parseShardRange(shards)
  if (range === null) throw new Error(`not a range: ${shards}`)
  const records = []
  for (let shard = range.from; shard <= Math.min(range.to, SHARD_COUNT - 1); shard++) {
    records.push(listedRecord(shard * SHARD_IDS + 1))
  }
  return JSON.stringify(encodeMediaPage(records, { ...range, shardCount: SHARD_COUNT }))
}

function standInServer() {
  const asked: Asked[] = []
  const send: typeof fetch = (input) => {
    const shards = new URL(input as string, 'http://localhost').searchParams.get('shards') ?? ''
    return new Promise<Response>((resolve) => {
      let close: (() => void) | null = null
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          close = () => {
            controller.enqueue(new TextEncoder().encode(pageBody(shards)))
            controller.close()
          }
        },
      })
      asked.push({
        shards,
        answer: () => {
          resolve(new Response(body, { status: 200, headers: { etag: `"${shards}"` } }))
        },
        finish: () => close?.(),
      })
    })
  }
  return { asked, send }
}

/** Lets every promise and stream step that can run, run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('a first visit, with nothing shown', () => {
  it('asks for the first page alone, the second as its answer arrives, and the rest once it says how many', async () => {
    const { asked, send } = standInServer()
    const replies: ListingReply[] = []
    const loader = new ListingLoader({
      fetch: send,
      post: (reply) => replies.push(reply),
    })
    const loading = loader.load(1)
    await settle()
    expect(asked.map(({ shards }) => shards)).toEqual(['0-0'])

    asked[0]?.answer()
    await settle()
    // The first answer has begun: its body is still on its way, and the second page is asked for.
    expect(asked.map(({ shards }) => shards)).toEqual(['0-0', '1-49'])

    asked[0]?.finish()
    await settle()
    expect(asked.map(({ shards }) => shards)).toEqual(['0-0', '1-49', '50-99', '100-149'])
    // The first page's records are shown before any other answer has come.
    expect(replies.some((reply) => reply.type === 'records' && reply.page === 0)).toBe(true)

    for (const each of asked.slice(1)) {
      each.answer()
      each.finish()
    }
    await loading
    const shown = replies.flatMap((reply) => (reply.type === 'records' ? reply.records : []))
    expect(shown).toHaveLength(SHARD_COUNT)
    expect(replies.at(-1)).toMatchObject({ type: 'settled', request: 1, ok: true })
    expect(pageRange(3)).toEqual({ from: 100, to: 149 })
  })
})
