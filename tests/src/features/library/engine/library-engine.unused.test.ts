import { afterEach, describe, expect, it, vi } from 'vitest'

import { LibraryEngine } from '../../../../../src/features/library/engine/library-engine'
import type { EngineReply } from '../../../../../src/features/library/engine/library-protocol'
import { DEFAULT_SORT, NO_FILTERS, type Filters } from '../../../../../src/features/library/model/filters'
import { listedRecord } from '../../../../support/listed-record'

const NOW = new Date('2026-06-30T12:00:00.000Z')
const LONG_AGO = '2025-01-01T00:00:00.000Z'
const synced = { state: 'synced' as const, item_id: 'item-1', updated_at: LONG_AGO }

/** Each file named for why it is, or is not, unused for 30 days on 2026-06-30. */
const FILES = [
  listedRecord(1, { title: 'never used', created_at: LONG_AGO }),
  listedRecord(2, { title: 'in a Webflow item', created_at: LONG_AGO, webflow: synced }),
  listedRecord(3, {
    title: 'mirror failed, no item',
    created_at: LONG_AGO,
    webflow: { ...synced, state: 'failed', item_id: undefined },
  }),
  listedRecord(4, {
    title: 'shared until tomorrow',
    created_at: LONG_AGO,
    shared_until: '2026-07-01T00:00:00.000Z',
  }),
  listedRecord(5, { title: 'share expired', created_at: LONG_AGO, shared_until: '2026-06-29T00:00:00.000Z' }),
  listedRecord(6, { title: 'delivered last week', created_at: LONG_AGO, used_on: '2026-06-23' }),
  listedRecord(7, { title: 'delivered in March', created_at: LONG_AGO, used_on: '2026-03-02' }),
  listedRecord(8, { title: 'uploaded last week', created_at: '2026-06-23T09:00:00.000Z' }),
]

const UNUSED: Filters = { ...NO_FILTERS, unused: 30 }

function titlesOf(reply: EngineReply): string[] {
  return reply.type === 'answer' ? reply.rows.map((record) => record.title) : []
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the Unused filter', () => {
  it('keeps only files with no Webflow item, no live share link and no use or upload in the days chosen', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const engine = new LibraryEngine()
    engine.setRecords(FILES)
    const reply = engine.receive({
      type: 'query',
      ask: 1,
      filters: UNUSED,
      sort: DEFAULT_SORT,
      from: 0,
      to: 100,
    })
    expect(titlesOf(reply).sort()).toEqual([
      'delivered in March',
      'mirror failed, no item',
      'never used',
      'share expired',
    ])

    const longer = engine.receive({
      type: 'query',
      ask: 2,
      filters: { ...UNUSED, unused: 365 },
      sort: DEFAULT_SORT,
      from: 0,
      to: 100,
    })
    expect(titlesOf(longer).sort()).toEqual(['mirror failed, no item', 'never used', 'share expired'])
  })

  it('resolves a select-all of its results, less the exceptions, for a bulk delete', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const engine = new LibraryEngine()
    engine.setRecords(FILES)
    engine.receive({ type: 'query', ask: 1, filters: UNUSED, sort: DEFAULT_SORT, from: 0, to: 100 })
    const replies = [
      ...engine.matching({
        type: 'matching',
        ask: 2,
        filters: UNUSED,
        sort: DEFAULT_SORT,
        except: [5],
        records: false,
      }),
    ]
    const ids = replies.flatMap((reply) => (reply.type === 'matching' ? reply.ids : []))
    expect(ids.sort()).toEqual([1, 3, 7])
  })
})
