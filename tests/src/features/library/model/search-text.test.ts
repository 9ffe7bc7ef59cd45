import { describe, expect, it, vi } from 'vitest'

import type { MediaRecord } from '../../../../../src/contract/record'
import { NO_FILTERS, type Sort, type SortKey } from '../../../../../src/features/library/model/filters'
import { MediaIndex, queryIndex } from '../../../../../src/features/library/engine/media-index'
import { newPlaces } from '../../../../../src/features/library/model/record-columns'
import { SearchText } from '../../../../../src/features/library/model/search-text'
import { applyChange, withAdded, withoutRecords, withPatch } from '../../../../../src/lib/record-changes'
import { listedRecord } from '../../../../support/listed-record'
import { random } from '../../../../support/seeded-random'

const WORDS = [
  'Beach',
  'night',
  'Ángel',
  '東京',
  'ñandú',
  'IMG 0042',
  'a',
  '',
  'nul\u0000here',
  'ß',
  'İstanbul',
]

function pick<T>(draw: (below: number) => number, list: readonly T[]): T {
  return list[draw(list.length)] as T
}

function words(draw: (below: number) => number): string {
  return Array.from({ length: draw(3) }, () => pick(draw, WORDS)).join(' ')
}

/** A record with random text; the schema is skipped so a title may hold any character. */
function seeded(draw: (below: number) => number, id: number): MediaRecord {
  return {
    ...listedRecord(id, { folder_path: draw(2) === 0 ? '/' : '/A' }),
    title: words(draw),
    description: words(draw),
    author: words(draw),
    tags: Array.from({ length: draw(3) }, () => pick(draw, WORDS)),
  }
}

/** The search text as the search defines it: title, description, author and tags by newlines. */
const haystackOf = (record: MediaRecord) =>
  [record.title, record.description, record.author, ...record.tags].join('\n').toLowerCase()

/** Queries that match some records, every record (''), none, or only across two fields or records. */
const QUERIES = [
  'beach',
  'a',
  'e',
  'z',
  '0',
  '4',
  'ß',
  'ángel',
  '東京',
  'ss',
  'i̇stanbul',
  'zzz',
  'night\nbeach',
  'a\nnight',
  ' Beach ',
  'a\u0000',
  '\u0000',
  'nul\u0000here',
  'here\nimg',
  'img 0042 beach',
]

const SORTS: Sort[] = (['title', 'date', 'size', 'type'] as SortKey[]).flatMap((key) => [
  { key, direction: 'asc' as const },
  { key, direction: 'desc' as const },
])

/** The positions a record-by-record scan gives, for the query as typed (trimmed, lower-cased), in `sort` order, within folder `folder` when given. */
function scanned(index: MediaIndex, typed: string, sort: Sort, folder: string | null = null): number[] {
  const query = typed.trim().toLowerCase()
  const order = Array.from(index.order(sort.key))
  if (sort.direction === 'desc') order.reverse()
  return order.filter((position) => {
    const record = index.records[position] as MediaRecord
    return (folder === null || record.folder_path === folder) && haystackOf(record).includes(query)
  })
}

function expectSameAnswers(index: MediaIndex, queries = QUERIES): void {
  for (const sort of SORTS)
    for (const query of queries) {
      expect(Array.from(queryIndex(index, { ...NO_FILTERS, query }, sort)), query).toEqual(
        scanned(index, query, sort),
      )
      expect(Array.from(queryIndex(index, { ...NO_FILTERS, query, folder: '/A' }, sort))).toEqual(
        scanned(index, query, sort, '/A'),
      )
    }
}

describe('the joined search text', () => {
  it('finds exactly the records whose own text holds the query, and never one across two records', () => {
    const haystacks = ['ab', '', 'b', 'xa', 'bx', '', 'nul\u0000a', 'ábc', '東京', 'aaa', 'img 07']
    const text = SearchText.of(haystacks)
    for (const query of [
      'a',
      'b',
      'ab',
      'ba',
      'xab',
      'a\u0000',
      '\u0000a',
      '\u0000',
      'aa',
      '東',
      'zz',
      'x',
      '7',
      'á',
    ])
      expect(Array.from(text.matches(query, haystacks)), query).toEqual(
        haystacks.map((haystack) => (haystack.includes(query) ? 1 : 0)),
      )
  })

  it("gives each record's text as the joined text holds it, and none for a record changed since", () => {
    // Enough records for one change to leave the joined text standing (it is joined again past 1/16).
    const haystacks = Array.from({ length: 40 }, (_, n) => `text ${String(n)} of a file's own search`)
    const positions = (text: SearchText | null, count: number) =>
      Array.from({ length: count }, (_, position) => text?.textAt(position))
    expect(positions(SearchText.of(haystacks), 41)).toEqual([...haystacks, null])
    // The second record changed where it was.
    const changed = SearchText.of(haystacks).edited({ removed: [1], added: [1] }, 40, null)
    expect(positions(changed, 40)).toEqual(haystacks.map((text, n) => (n === 1 ? null : text)))
    // The first record left: the others are one place nearer the start.
    const removed = { removed: [0], added: [] }
    const moved = SearchText.of(haystacks).edited(removed, 39, newPlaces(40, removed))
    expect(positions(moved, 40)).toEqual([...haystacks.slice(1), null])
    // Grown by one: the new record is joined on.
    const grown = SearchText.of(haystacks.slice(0, 39)).grown(haystacks)
    expect(positions(grown, 40)).toEqual(haystacks)
  })

  it('answers every query as a record-by-record scan, in every sort', () => {
    const draw = random(2026)
    const records = Array.from({ length: 600 }, (_, i) => seeded(draw, i + 1))
    expectSameAnswers(new MediaIndex(records))
    // Made ahead while idle, and over an empty list.
    const prepared = new MediaIndex(records)
    expect(prepared.prepare(() => true)).toBe(true)
    expectSameAnswers(prepared)
    expectSameAnswers(new MediaIndex([]), ['a'])
  })

  it('joins a piece at a time when asked to stop after each, and answers as at once', () => {
    // Texts long enough for several pieces.
    const long = (n: number) => `${'x'.repeat(50_000 + (n % 7))}${String(n)}`
    const haystacks = Array.from({ length: 300 }, (_, n) => (n % 5 === 0 ? `ab${long(n)}` : long(n)))
    const joining = SearchText.joining(haystacks)
    let fills = 1
    let text = joining.fill(() => false)
    while (text === null) {
      text = joining.fill(() => false)
      fills += 1
    }
    expect(fills).toBeGreaterThan(2)
    expect(haystacks.map((_, position) => text.textAt(position))).toEqual(haystacks)
    for (const query of ['ab', 'x1', '299', '0ab', 'xab', '5'])
      expect(Array.from(text.matches(query, haystacks)), query).toEqual(
        haystacks.map((haystack) => (haystack.includes(query) ? 1 : 0)),
      )
  })

  it('answers as a scan while prepared in slices, and when a search finishes the join', () => {
    const draw = random(7)
    const records = Array.from({ length: 3_000 }, (_, i) => seeded(draw, i + 1))
    const index = new MediaIndex(records)
    // A slice of one step at a time: part of the columns made, then a search takes the rest on.
    for (let slice = 0; slice < 5; slice++) expect(index.prepare(() => false)).toBe(false)
    expectSameAnswers(index, ['a', 'beach'])
    let slices = 0
    while (!index.prepare(() => false)) slices += 1
    expect(slices).toBeGreaterThan(0)
    expectSameAnswers(index, ['e', 'ángel', 'zzz'])
  })

  it('joins on the records of each next page of a load, and answers as a scan', () => {
    const draw = random(4242)
    const records = Array.from({ length: 2_400 }, (_, i) => seeded(draw, i + 1))
    const joining = vi.spyOn(SearchText, 'joining')
    let list = records.slice(0, 300)
    let index = new MediaIndex(list)
    expectSameAnswers(index, ['a', 'beach'])
    for (let end = 600; end <= records.length; end += 300) {
      // Now and then a record edited in place (tested alone after) or removed (places followed after).
      if (end === 1_200 || end === 1_800) {
        list =
          end === 1_200
            ? list.map((record, i) => (i === 5 ? { ...record, title: 'Beach' } : record))
            : list.slice(1)
        index = index.edited(list) ?? new MediaIndex(list, index)
        expectSameAnswers(index, ['beach'])
      }
      list = [...list, ...records.slice(list.length + (end > 1_800 ? 1 : 0), end)]
      // A page with no search over it: the next one joins on from the last text joined.
      index = new MediaIndex(list, index)
      if (end % 900 !== 0) expectSameAnswers(index, end % 600 === 0 ? QUERIES : ['a', 'ángel', 'zzz'])
    }
    // The pages before the records were moved joined only their own records.
    expect(joining.mock.calls.filter(([, , from]) => (from ?? 0) > 0).length).toBeGreaterThan(2)
    joining.mockRestore()
  })

  it('narrows an earlier query by the joined text or record by record, as a scan would', () => {
    const draw = random(99)
    const records = Array.from({ length: 800 }, (_, i) => seeded(draw, i + 1))
    const index = new MediaIndex(records)
    const sort = SORTS[1] as Sort
    // Each narrows the one before: from most of the list ('a') to a few records.
    for (const query of ['a', 'an', 'ang', 'ánge', 'e', 'el', 'ángel', 'ángel\nb', 'ángel\nbeach'])
      expect(Array.from(queryIndex(index, { ...NO_FILTERS, query }, sort)), query).toEqual(
        scanned(index, query, sort),
      )
  })

  it('answers as a scan after edits that change, move, remove and add records, and after it joins again', () => {
    const draw = random(31337)
    let last = 500
    let records: readonly MediaRecord[] = Array.from({ length: last }, (_, i) => seeded(draw, i + 1))
    let index = new MediaIndex(records)
    expectSameAnswers(index, ['a', 'beach'])
    for (let step = 0; step < 60; step++) {
      const ids = Array.from({ length: 1 + draw(4) }, () => records[draw(records.length)]?.id ?? 0)
      const kind = draw(4)
      const change =
        kind === 0
          ? withPatch(ids, { title: words(draw), tags: [pick(draw, WORDS)] })
          : kind === 1
            ? withoutRecords(ids)
            : kind === 2
              ? withAdded([seeded(draw, ++last), seeded(draw, ++last)])
              : withPatch(ids, { description: words(draw) })
      records = applyChange(records, change)
      // Now and then a larger change: more records changed than the joined text follows alone.
      if (step % 20 === 19)
        records = records.map((record, i) => (i % 3 === 0 ? { ...record, title: words(draw) } : record))
      index = index.edited(records) ?? new MediaIndex(records, index)
      expectSameAnswers(index, step % 10 === 0 ? QUERIES : ['a', '0', 'ángel', 'nul\u0000here', 'zzz'])
    }
  })
})
