import { describe, expect, it } from 'vitest'

import { EngineClient, engineOnPage, ROW_BLOCK } from '../../../src/features/library/engine/engine-results'
import { LibraryEngine } from '../../../src/features/library/engine/library-engine'
import type { EngineReply, EngineRequest } from '../../../src/features/library/engine/library-protocol'
import { DEFAULT_SORT, NO_FILTERS, type Filters } from '../../../src/features/library/model/filters'
import { allIds, rangeIn } from '../../../src/features/library/model/library-results'
import { listedRecord } from '../../support/listed-record'

/** Files 1..count titled so that the title order is the reverse of the id order. */
const library = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    listedRecord(i + 1, {
      title: `File ${String(count - i).padStart(6, '0')}`,
      tags: i % 2 === 0 ? ['even'] : [],
    }),
  )

/** An engine and a client talking through the page's microtask port, with every request counted. */
function connected(count: number) {
  const requests: EngineRequest[] = []
  let deliver: (reply: EngineReply) => void = () => undefined
  const engine = new LibraryEngine((reply) => {
    deliver(reply)
  })
  const client = new EngineClient((receive) => {
    deliver = receive
    const port = engineOnPage(engine, receive)
    return {
      post: (request) => {
        requests.push(request)
        port.post(request)
      },
      close: () => {
        port.close()
      },
    }
  })
  engine.setRecords(library(count))
  return { engine, client, requests }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the library engine and its client', () => {
  it('answers a query with its count and the first rows only, and a scroll with the block it reaches', async () => {
    const { client, requests } = connected(1_000)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const first = client.getSnapshot()
    expect(first?.count).toBe(1_000)
    expect(first?.total).toBe(1_000)
    expect(first?.recordAt(0)?.id).toBe(1_000)
    expect(first?.recordAt(ROW_BLOCK - 1)?.id).toBe(1_000 - ROW_BLOCK + 1)
    // Not sent yet: drawn as a placeholder until its block arrives.
    expect(first?.recordAt(500)).toBeUndefined()
    first?.want(480, 520)
    first?.want(480, 520)
    await settled()
    const after = client.getSnapshot()
    expect(after).not.toBe(first)
    expect(after?.recordAt(500)?.id).toBe(500)
    expect(requests.filter((request) => request.type === 'rows')).toHaveLength(2)
  })

  it('filters and sorts in the engine as the page index does', async () => {
    const { client } = connected(10)
    const even: Filters = { ...NO_FILTERS, tag: 'even' }
    client.query(even, { key: 'size', direction: 'desc' })
    await settled()
    const results = client.getSnapshot()
    expect(results?.count).toBe(5)
    expect(results?.ids(0, 5)).toEqual([9, 7, 5, 3, 1])
  })

  it('answers ranges, places and files not in hand through the engine, in batches', async () => {
    const { client, requests } = connected(1_200)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const results = client.getSnapshot()
    if (results === null) throw new Error('no answer')
    const all = allIds(results)
    expect(all).toBeInstanceOf(Promise)
    const ids = await all
    expect(ids).toHaveLength(1_200)
    expect(ids.slice(0, 3)).toEqual([1_200, 1_199, 1_198])
    expect(requests.filter((request) => request.type === 'ids')).toHaveLength(3)
    expect(await results.placeOf(3)).toBe(1_197)
    expect(await results.placeOf(5_000)).toBe(-1)
    // In hand: answered at once.
    expect(results.placeOf(1_200)).toBe(0)
    expect(await rangeIn(results, 1_200, 1_198)).toEqual([1_200, 1_199, 1_198])
    const records = await results.recordsOf([2, 1, 9_999])
    expect(records.map((record) => record.id)).toEqual([2, 1])
    expect(results.record(2)?.id).toBe(2)
  })

  it('asks again when the library changes, and drops what was sent for the results before', async () => {
    const { engine, client } = connected(300)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const before = client.getSnapshot()
    before?.want(200, 250)
    // The library changes before the block arrives: the block is of the old results.
    engine.setRecords(engine.records.slice(0, 100))
    await settled()
    const after = client.getSnapshot()
    expect(after?.count).toBe(100)
    expect(after?.recordAt(200)).toBeUndefined()
    // The screen, scrolled back within the fewer files, asks for what it shows.
    after?.want(0, 50)
    await settled()
    expect(client.getSnapshot()?.recordAt(0)?.id).toBe(100)
  })

  it('shows only the latest of two queries asked one after the other', async () => {
    const { client } = connected(20)
    client.query({ ...NO_FILTERS, tag: 'even' }, DEFAULT_SORT)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    expect(client.getSnapshot()?.count).toBe(20)
  })
})
