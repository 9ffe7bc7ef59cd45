import { describe, expect, it } from 'vitest'

import type { FileId } from '../../../../../src/contract/ids'
import type { MediaRecord } from '../../../../../src/contract/record'
import {
  NO_FILTERS,
  type Filters,
  type Sort,
  type SortKey,
} from '../../../../../src/features/library/model/filters'
import { LibraryHost } from '../../../../../src/features/library/engine/library-host'
import type { EngineReply } from '../../../../../src/features/library/engine/library-protocol'
import { MediaIndex, queryIndex } from '../../../../../src/features/library/engine/media-index'
import { recordEdit } from '../../../../../src/features/library/model/record-columns'
import {
  applyChange,
  withAdded,
  withFolder,
  withoutRecords,
  withPatch,
  withRecords,
  type RecordsChange,
} from '../../../../../src/lib/record-changes'
import { listedRecord } from '../../../../support/listed-record'
import { random } from '../../../../support/seeded-random'

const TITLES = ['Beach', 'beach', 'IMG 7', 'IMG 0042', 'Ángel', 'zebra', 'Harbor at night', '東京', 'a', '']
const TAGS = ['Summer', 'summer', 'Night', 'Ñandú', 'work']
const AUTHORS = ['Dana', 'dana', 'Lee', 'Unknown']
const FOLDERS = ['/', '/A', '/A/B', '/C']
const CATEGORIES = ['Images', 'Video', 'Documents', 'Audio', 'Files', 'Custom']
const TYPES = ['image/png', 'image/jpeg', 'video/mp4', 'application/pdf', 'audio/mpeg', 'text/plain']
const DATES = ['2026-01-01T00:00:00.000Z', '2026-03-10T12:00:00', '2026-03-11T08:00:00.000Z', 'not a date']

function pick<T>(draw: (below: number) => number, list: readonly T[]): T {
  return list[draw(list.length)] as T
}

function seeded(draw: (below: number) => number, id: number): MediaRecord {
  return listedRecord(id, {
    title: `${pick(draw, TITLES)} ${String(draw(40))}`,
    description: draw(3) === 0 ? 'Golden hour' : '',
    tags: [pick(draw, TAGS), pick(draw, TAGS)].slice(0, draw(3)),
    author: pick(draw, AUTHORS),
    folder_path: pick(draw, FOLDERS),
    category: pick(draw, CATEGORIES),
    file_type: pick(draw, TYPES),
    created_at: pick(draw, DATES),
    file_size: draw(5) * 1000,
  })
}

/** One change a user or the server makes: edits, moves, deletes, restores, uploads. */
function someChange(
  draw: (below: number) => number,
  records: readonly MediaRecord[],
  deleted: MediaRecord[],
  nextId: () => number,
): RecordsChange {
  const ids = () => Array.from({ length: 1 + draw(3) }, () => records[draw(records.length)]?.id ?? 0)
  switch (draw(10)) {
    case 0:
      return withPatch(ids(), { title: `${pick(draw, TITLES)} ${String(draw(40))}` })
    case 1:
      return withPatch(ids(), { tags: [pick(draw, TAGS)], description: draw(2) === 0 ? 'night' : '' })
    case 2:
      return withPatch(ids(), { author: pick(draw, AUTHORS), category: pick(draw, CATEGORIES) })
    case 3:
      return withFolder(ids(), pick(draw, FOLDERS))
    case 4: {
      const record = records[draw(records.length)]
      if (record === undefined) return { kind: 'none' }
      const changed = { ...record, file_type: pick(draw, TYPES), created_at: pick(draw, DATES) }
      return withRecords([{ ...changed, file_size: draw(5) * 1000 }])
    }
    case 5:
    case 6: {
      const gone = ids()
      deleted.push(...records.filter((record) => gone.includes(record.id)))
      return withoutRecords(gone)
    }
    case 7: {
      const back = deleted.splice(0, 1 + draw(3))
      return withAdded(back)
    }
    case 8:
      return withAdded([seeded(draw, nextId())])
    default:
      return {
        kind: 'each',
        changes: [withPatch(ids(), { title: pick(draw, TITLES) }), withoutRecords(ids())],
      }
  }
}

const SORTS: Sort[] = (['title', 'date', 'size', 'type'] as SortKey[]).flatMap((key) => [
  { key, direction: 'asc' as const },
  { key, direction: 'desc' as const },
])

const QUERIES: Partial<Filters>[] = [
  {},
  { query: 'beach' },
  { query: 'summer' },
  { query: 'img 00' },
  { query: 'dana' },
  { folder: '/A' },
  { category: 'images' },
  { type: 'video/mp4' },
  { from: '2026-03-10', to: '2026-03-11' },
  { tag: 'summer' },
  { author: 'DANA' },
  { query: 'night', folder: '/', category: 'other' },
]

/** Every query's answer, each sort both ways, one line each (compared as text: much faster than deeply). */
function answers(index: MediaIndex): string[] {
  return SORTS.flatMap((sort) =>
    QUERIES.map((filters) => queryIndex(index, { ...NO_FILTERS, ...filters }, sort).join(',')),
  )
}

describe('an index edited in place of a rebuild', () => {
  it('answers every query as a fresh index over the same records, through random changes', () => {
    const draw = random(20261127)
    let last = 2_000
    let records: readonly MediaRecord[] = Array.from({ length: last }, (_, i) => seeded(draw, i + 1))
    const deleted: MediaRecord[] = []
    let index = new MediaIndex(records)
    // Every order and column made, so each step edits them all.
    index.prepare(() => true)
    answers(index)
    let edited = 0
    for (let step = 0; step < 120; step++) {
      records = applyChange(
        records,
        someChange(draw, records, deleted, () => ++last),
      )
      const next = index.edited(records)
      if (next !== null) edited++
      index = next ?? new MediaIndex(records, index)
      expect(index.records).toBe(records)
      expect(answers(index)).toEqual(answers(new MediaIndex(records)))
    }
    expect(edited).toBe(120)
  })

  it('edits an index whose columns are still being made, and one that only grew', () => {
    const draw = random(7)
    const records = Array.from({ length: 2_000 }, (_, i) => seeded(draw, i + 1))
    const partial = new MediaIndex(records)
    partial.order('date')
    partial.prepare(() => false)
    const changed = applyChange(records, withPatch([5, 900], { title: 'zebra 1', tags: ['Night'] }))
    const next = partial.edited(changed)
    expect(next?.hasOrder('date')).toBe(true)
    expect(answers(next as MediaIndex)).toEqual(answers(new MediaIndex(changed)))

    // A new page while the list loads (its title order made, its keys held) is the constructor's merge,
    // not an edit; once the list is whole and prepared, its keys are let go and an upload is an edit.
    const grown = [...records, seeded(draw, 2_001)]
    const early = new MediaIndex(records, undefined)
    early.order('title')
    expect(early.edited(grown)).toBeNull()
    early.prepare(() => true)
    const uploaded = early.edited(grown)
    expect(uploaded).not.toBeNull()
    expect(answers(uploaded as MediaIndex)).toEqual(answers(new MediaIndex(grown)))
  })

  it('tells the records that left, arrived and changed, and gives up past the limit', () => {
    const records = Array.from({ length: 10 }, (_, i) => listedRecord((i + 1) as FileId))
    const after = applyChange(applyChange(records, withPatch([3], { title: 'new' })), {
      kind: 'each',
      changes: [withoutRecords([6]), withAdded([listedRecord(11)])],
    })
    expect(recordEdit(records, after, 10)).toEqual({ removed: [2, 5], added: [2, 9] })
    expect(recordEdit(records, records.slice(), 10)).toEqual({ removed: [], added: [] })
    expect(recordEdit(records, [], 5)).toBeNull()
  })
})

describe('the host over an edited index', () => {
  it('shows each change in flight at once and rolls a refused one back, as the pages with the rest over them', () => {
    const draw = random(42)
    let last = 1_500
    const library = Array.from({ length: last }, (_, i) => seeded(draw, i + 1))
    const replies: EngineReply[] = []
    const host = new LibraryHost((reply) => replies.push(reply))
    host.listing({ type: 'layout', pages: 1, expected: null })
    host.listing({ type: 'records', page: 0, records: library, first: true, last: true })
    let confirmed: readonly MediaRecord[] = host.records
    let pending: { key: number; change: RecordsChange }[] = []
    const deleted: MediaRecord[] = []
    for (let key = 0; key < 60; key++) {
      const change = someChange(draw, host.records, deleted, () => ++last)
      host.receive({ type: 'change', key, change })
      pending.push({ key, change })
      if (draw(2) === 0) {
        // The oldest change in flight settles: kept as the server confirmed it, or rolled back.
        const [settling] = pending
        pending = pending.slice(1)
        const kept = draw(3) === 0 ? null : (settling?.change ?? null)
        host.receive({ type: 'settle', key: settling?.key ?? -1, confirmed: kept })
        if (kept !== null) confirmed = applyChange(confirmed, kept)
      }
      const shown = pending.reduce((records, each) => applyChange(records, each.change), confirmed)
      expect(host.records.map((record) => record.id)).toEqual(shown.map((record) => record.id))
      expect(host.records).toEqual(shown)
      host.receive({
        type: 'query',
        ask: key,
        filters: NO_FILTERS,
        sort: SORTS[key % SORTS.length] as Sort,
        from: 0,
        to: 50,
      })
      const answer = replies.at(-1)
      const fresh = new MediaIndex(shown)
      const expected = Array.from(queryIndex(fresh, NO_FILTERS, SORTS[key % SORTS.length] as Sort))
      expect(answer?.type === 'answer' && answer.rows.map((record) => record.id)).toEqual(
        expected.slice(0, 50).map((position) => shown[position]?.id),
      )
    }
  })

  it('puts files back in id order, by a search in a list in id order and a sort in any other', () => {
    const records = [1, 3, 5, 7].map((id) => listedRecord(id))
    const back = [listedRecord(6), listedRecord(2), listedRecord(3, { title: 'other' }), listedRecord(9)]
    expect(applyChange(records, withAdded(back)).map((record) => record.id)).toEqual([1, 2, 3, 5, 6, 7, 9])
    expect(applyChange(records, withAdded(back))[2]).toBe(records[1])
    expect(applyChange(records, withAdded([listedRecord(5)]))).toBe(records)
    const unordered = [records[2], records[0]] as MediaRecord[]
    expect(applyChange(unordered, withAdded([listedRecord(2)])).map((record) => record.id)).toEqual([1, 2, 5])
  })
})
