import { afterEach, describe, expect, it, vi } from 'vitest'

import { ListingStore, SHOW_AT_MOST } from '../../../../../src/features/library/listing/listing-store'
import type { ListingReply } from '../../../../../src/features/library/listing/listing-protocol'
import { listedRecord } from '../../../../support/listed-record'

/** The listing store's own steps, with the worker's replies played by hand. */
const records = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => listedRecord(from + i))

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the listing store', () => {
  it('adds a large page to the screen a bounded step at a time, and says it is complete only at the end', () => {
    vi.useFakeTimers()
    let reply: (message: ListingReply) => void = () => undefined
    const store = new ListingStore((receive) => {
      reply = receive
      return { post: () => undefined, close: () => undefined }
    })
    const lengths: number[] = []
    store.subscribe(() => lengths.push(store.getSnapshot().records?.length ?? 0))
    reply({ type: 'layout', pages: 2, expected: null })
    reply({ type: 'records', page: 0, records: records(1, 10), first: true, last: true })
    const big = SHOW_AT_MOST * 2 + 5
    reply({ type: 'records', page: 1, records: records(2_000, big), first: true, last: true })
    vi.runAllTimers()
    expect(lengths).toEqual([10, 10 + SHOW_AT_MOST, 10 + 2 * SHOW_AT_MOST, 10 + big])
    const whole = store.getSnapshot()
    expect(whole.progress).toBeNull()
    expect(whole.records?.map((each) => each.id)).toEqual(
      [...records(1, 10), ...records(2_000, big)].map((each) => each.id),
    )
    store.close()
  })

  it('says the library is still loading while part of what arrived is held back', () => {
    vi.useFakeTimers()
    let reply: (message: ListingReply) => void = () => undefined
    const store = new ListingStore((receive) => {
      reply = receive
      return { post: () => undefined, close: () => undefined }
    })
    reply({ type: 'layout', pages: 2, expected: null })
    reply({ type: 'records', page: 0, records: records(1, 1), first: true, last: true })
    reply({ type: 'records', page: 1, records: records(2_000, SHOW_AT_MOST + 1), first: true, last: true })
    vi.advanceTimersToNextTimer()
    expect(store.getSnapshot().progress).toEqual({ loaded: SHOW_AT_MOST + 1, expected: null })
    vi.runAllTimers()
    expect(store.getSnapshot().progress).toBeNull()
    store.close()
  })
})

describe('the listing store where the browser reports idle time', () => {
  it('sends the next step only once the page is idle, so the screen has taken the last one in', () => {
    vi.useFakeTimers()
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    let reply: (message: ListingReply) => void = () => undefined
    const store = new ListingStore((receive) => {
      reply = receive
      return { post: () => undefined, close: () => undefined }
    })
    reply({ type: 'layout', pages: 2, expected: null })
    reply({ type: 'records', page: 0, records: records(1, 1), first: true, last: true })
    reply({ type: 'records', page: 1, records: records(2_000, SHOW_AT_MOST + 1), first: true, last: true })
    vi.advanceTimersByTime(1_000)
    expect(store.getSnapshot().records).toHaveLength(1)
    idle.shift()?.()
    expect(store.getSnapshot().records).toHaveLength(SHOW_AT_MOST + 1)
    vi.advanceTimersByTime(1_000)
    idle.shift()?.()
    expect(store.getSnapshot().records).toHaveLength(SHOW_AT_MOST + 2)
    expect(store.getSnapshot().progress).toBeNull()
    store.close()
  })
})
