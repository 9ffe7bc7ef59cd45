import { describe, expect, it } from 'vitest'

import type { MediaRecord } from '../../../../../src/contract/record'
import { categoryOf } from '../../../../../src/features/library/model/categories'
import {
  NO_FILTERS,
  narrowsResults,
  type Filters,
  type Sort,
} from '../../../../../src/features/library/model/filters'
import {
  fileTypesOf,
  folderPathsOf,
  MediaIndex,
  queryIndex,
} from '../../../../../src/features/library/engine/media-index'
import { titleSortKey } from '../../../../../src/contract/title-key'
import { listedRecord } from '../../../../support/listed-record'

let nextId = 1
function record(fields: Partial<MediaRecord>): MediaRecord {
  return listedRecord(nextId++, {
    title: 'Untitled',
    category: 'Files',
    file_type: 'application/octet-stream',
    media_url: 'https://x.test/file',
    file_size: 0,
    author: 'Unknown',
    ...fields,
  })
}

const TITLE_ASC: Sort = { key: 'title', direction: 'asc' }

function titles(records: readonly MediaRecord[], filters: Partial<Filters> = {}, sort = TITLE_ASC): string[] {
  const index = new MediaIndex(records)
  return Array.from(
    queryIndex(index, { ...NO_FILTERS, ...filters }, sort),
    (position) => records[position]?.title ?? '',
  )
}

describe('search', () => {
  const records = [
    record({ title: 'Beach', description: 'Golden HOUR', author: 'Dana', tags: ['Summer'] }),
    record({ title: 'City', notes: 'beach notes are not searched', station: 'KBEACH' }),
  ]

  it.each([
    ['beach', ['Beach']],
    ['golden hour', ['Beach']],
    ['DANA', ['Beach']],
    ['summer', ['Beach']],
    ['  city  ', ['City']],
  ])('%j finds %j in title, description, author or tags', (query, expected) => {
    expect(titles(records, { query })).toEqual(expected)
  })

  it('never matches across two fields', () => {
    expect(titles(records, { query: 'hour dana' })).toEqual([])
  })
})

describe('sorting', () => {
  it('orders titles ignoring case and accents, with numbers in numeric order', () => {
    const records = ['clip 10', 'Clip 2', 'Éclair', 'apple', 'clip 002b', 'Zebra'].map((title) =>
      record({ title }),
    )
    expect(titles(records)).toEqual(['apple', 'Clip 2', 'clip 002b', 'clip 10', 'Éclair', 'Zebra'])
    expect(titles(records, {}, { key: 'title', direction: 'desc' })).toEqual([
      'Zebra',
      'Éclair',
      'clip 10',
      'clip 002b',
      'Clip 2',
      'apple',
    ])
  })

  it('sorts by size, date and type, ties broken by title', () => {
    const records = [
      record({ title: 'b', file_size: 10, created_at: '2026-02-01T00:00:00Z', file_type: 'video/mp4' }),
      record({ title: 'a', file_size: 10, created_at: 'not a date', file_type: 'image/png' }),
      record({ title: 'c', file_size: 5, created_at: '2026-01-01T00:00:00Z', file_type: 'image/png' }),
    ]
    expect(titles(records, {}, { key: 'size', direction: 'asc' })).toEqual(['c', 'a', 'b'])
    expect(titles(records, {}, { key: 'date', direction: 'asc' })).toEqual(['a', 'c', 'b'])
    expect(titles(records, {}, { key: 'date', direction: 'desc' })).toEqual(['b', 'c', 'a'])
    expect(titles(records, {}, { key: 'type', direction: 'asc' })).toEqual(['a', 'c', 'b'])
  })

  it('sorts by type as the Type column reads: its type name, then the name a person reads', () => {
    const types = [
      ['zip', 'application/zip'],
      ['pdf', 'application/pdf'],
      ['mp3', 'audio/mpeg'],
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['mp4', 'video/mp4'],
      ['txt', 'text/plain'],
      ['png 2', 'image/png'],
    ]
    const records = types.map(([title, file_type]) => record({ title, file_type }))
    const ascending = ['mp3', 'pdf', 'txt', 'zip', 'jpeg', 'png', 'png 2', 'mp4']
    expect(titles(records, {}, { key: 'type', direction: 'asc' })).toEqual(ascending)
    expect(titles(records, {}, { key: 'type', direction: 'desc' })).toEqual([...ascending].reverse())
    const index = new MediaIndex(records)
    const byType = index.compareFor('type')
    expect(Array.from(index.order('type'))).toEqual(Array.from(records.keys()).sort((a, b) => byType(a, b)))
  })

  it('pads digit runs so numbers compare by value', () => {
    expect(titleSortKey('IMG 7')).toBe('img 000000000007')
    expect(titleSortKey('Señor 0042')).toBe('senor 000000000042')
    expect(titleSortKey('plain')).toBe('plain')
  })

  it('extends the previous index when the list only grew, with the same result as a fresh build', () => {
    const first = Array.from({ length: 300 }, (_, i) =>
      record({ title: `file ${String((i * 7919) % 1000)}` }),
    )
    const more = Array.from({ length: 200 }, (_, i) =>
      record({ title: `file ${String((i * 104729) % 1000)}` }),
    )
    const grown = [...first, ...more]
    const previous = new MediaIndex(first)
    previous.order('title')
    const extended = new MediaIndex(grown, previous)
    expect(Array.from(extended.order('title'))).toEqual(Array.from(new MediaIndex(grown).order('title')))
  })

  it('keeps extending step by step, equal titles in list order, like a fresh build at every step', () => {
    const titles = ['b', 'a', 'B', 'c 2', 'c 10', 'a', 'Á', 'z', 'b']
    const all = Array.from({ length: 1_200 }, (_, i) =>
      record({ title: `${titles[(i * 7) % titles.length] ?? ''} ${String((i * 31) % 50)}` }),
    )
    let index = new MediaIndex(all.slice(0, 100))
    index.order('title')
    for (const size of [101, 400, 401, 900, 1_200]) {
      index = new MediaIndex(all.slice(0, size), index)
      expect(index.hasOrder('title')).toBe(true)
      const fresh = new MediaIndex(all.slice(0, size)).order('title')
      expect(Array.from(index.order('title'))).toEqual(Array.from(fresh))
    }
    // A version built again from an earlier one (a render thrown away) is still right.
    const earlier = new MediaIndex(all.slice(0, 200))
    earlier.order('title')
    const thrownAway = new MediaIndex(all.slice(0, 700), earlier)
    const kept = new MediaIndex(all.slice(0, 500), earlier)
    expect(Array.from(kept.order('title'))).toEqual(
      Array.from(new MediaIndex(all.slice(0, 500)).order('title')),
    )
    expect(thrownAway.hasOrder('title')).toBe(true)
  })
})

describe('columns made ahead of use', () => {
  it('prepares the search and filter columns in slices, with the same answers as made on demand', () => {
    const records = Array.from({ length: 1000 }, (_, i) =>
      record({
        title: `clip ${String(i)}`,
        description: i % 3 === 0 ? 'Harbor at night' : '',
        folder_path: i % 2 === 0 ? '/A' : '/',
        created_at: `2026-03-${String(10 + (i % 5))}T12:00:00`,
      }),
    )
    const filters: Filters = { ...NO_FILTERS, query: 'harbor', folder: '/A', from: '2026-03-11' }
    const onDemand = Array.from(queryIndex(new MediaIndex(records), filters, TITLE_ASC))
    const prepared = new MediaIndex(records)
    let slices = 1
    let steps = 0
    // Each slice allows three steps of work: the columns need many slices, and say when they are done.
    while (!prepared.prepare(() => ++steps % 3 !== 0)) slices++
    expect(slices).toBeGreaterThan(3)
    expect(Array.from(queryIndex(prepared, filters, TITLE_ASC))).toEqual(onDemand)
    expect(onDemand.length).toBeGreaterThan(0)
  })
})

describe('reuse of earlier work', () => {
  const library = () =>
    Array.from({ length: 600 }, (_, i) =>
      record({
        title: `${['mountain', 'harbor', 'moon'][i % 3] ?? ''} ${String((i * 7919) % 600)}`,
        author: i % 4 === 0 ? 'Mona' : 'Lee',
        folder_path: i % 2 === 0 ? '/A' : '/',
      }),
    )

  it('answers a query that narrows or widens an earlier one as a fresh index would', () => {
    const records = library()
    const index = new MediaIndex(records)
    for (const folder of [null, '/A']) {
      for (const query of ['m', 'mo', 'mou', 'moun', 'mo', 'm', '', 'on', 'mon']) {
        const filters = { ...NO_FILTERS, folder, query }
        expect(Array.from(queryIndex(index, filters, TITLE_ASC))).toEqual(
          Array.from(queryIndex(new MediaIndex(records), filters, TITLE_ASC)),
        )
      }
    }
  })

  it('keeps each answer as it was while later queries, and those of its edited next version, reuse the working buffers', () => {
    const records = library()
    const index = new MediaIndex(records)
    const queries = ['m', 'mo', 'h', 'on', 'moon 1', '7']
    const answers = queries.map((query) => queryIndex(index, { ...NO_FILTERS, query }, TITLE_ASC))
    const edited = records.map((each, i) => (i === 5 ? { ...each, title: 'Mole 5' } : each))
    const next = index.edited(edited)
    expect(next).not.toBeNull()
    const fresh = new MediaIndex(edited)
    for (const query of ['mole', 'o', 'ha', '3']) {
      const filters = { ...NO_FILTERS, query, folder: query === 'o' ? '/A' : null }
      expect(Array.from(queryIndex(next as MediaIndex, filters, TITLE_ASC))).toEqual(
        Array.from(queryIndex(fresh, filters, TITLE_ASC)),
      )
    }
    queries.forEach((query, i) => {
      expect(Array.from(answers[i] ?? []), query).toEqual(
        Array.from(queryIndex(new MediaIndex(records), { ...NO_FILTERS, query }, TITLE_ASC)),
      )
    })
  })

  it('keeps the values of records it shares with the previous list, after an edit and deletes', () => {
    const records = library()
    const previous = new MediaIndex(records)
    previous.prepare(() => true)
    const edited = records
      .filter((_, i) => i !== 10 && i !== 11 && i !== 300)
      .map((each, i) => (i === 50 ? { ...each, title: 'Aardvark', author: 'Zed' } : each))
    const next = new MediaIndex(edited, previous)
    const fresh = new MediaIndex(edited)
    const searchTexts = (index: MediaIndex) => edited.map((_, position) => index.searchTextAt(position))
    expect(searchTexts(next)).toEqual(searchTexts(fresh))
    expect(next.folders).toEqual(fresh.folders)
    expect(Array.from(next.order('title'))).toEqual(Array.from(fresh.order('title')))
    expect(titles(edited, { query: 'zed' })).toEqual(['Aardvark'])
  })
})

describe('filters', () => {
  const records = [
    record({
      title: 'root',
      folder_path: '/',
      category: 'Images',
      file_type: 'image/png',
      created_at: '2026-03-10T12:00:00',
    }),
    record({ title: 'empty path', folder_path: '', category: 'Video', file_type: 'video/mp4' }),
    record({ title: 'nested', folder_path: '/A/B/', category: 'Custom', created_at: '2026-03-11T00:00:00' }),
    record({ title: 'in a', folder_path: '/A', category: 'documents' }),
  ]

  it("treats an empty folder path as the top level ('Uncategorized') and matches folders exactly", () => {
    expect(titles(records, { folder: '/' })).toEqual(['empty path', 'root'])
    expect(titles(records, { folder: '/A' })).toEqual(['in a'])
    expect(titles(records, { folder: '/A/B' })).toEqual(['nested'])
  })

  it('maps stored categories onto the selector values (DESIGN section 10)', () => {
    expect(titles(records, { category: 'images' })).toEqual(['root'])
    expect(titles(records, { category: 'videos' })).toEqual(['empty path'])
    expect(titles(records, { category: 'documents' })).toEqual(['in a'])
    expect(titles(records, { category: 'other' })).toEqual(['nested'])
    expect(categoryOf(' AUDIO ')).toBe('audio')
    expect(categoryOf('Files')).toBe('other')
    expect(categoryOf('Videos')).toBe('videos')
    expect(categoryOf('file')).toBe('other')
    expect(categoryOf('Press kit')).toBe('other')
  })

  it('matches the type exactly and the date range by whole local days', () => {
    expect(titles(records, { type: 'image/png' })).toEqual(['root'])
    expect(titles(records, { type: 'image' })).toEqual([])
    expect(titles(records, { from: '2026-03-10', to: '2026-03-10' })).toEqual(['root'])
    expect(titles(records, { from: '2026-03-11' })).toEqual(['nested'])
    expect(titles(records, { from: 'garbage' })).toHaveLength(4)
  })

  it('filters by a whole tag or author, compared as labels are, beside the search', () => {
    const tagged = [
      record({ title: 'one', tags: ['Summer', 'beach'], author: 'Ana Lima' }),
      record({ title: 'two', tags: ['summertime'], author: 'ana  lima' }),
      record({ title: 'three', tags: ['ＳＵＭＭＥＲ'], author: 'Bo' }),
      record({ title: 'four', tags: [], author: 'Bo', description: 'summer' }),
    ]
    // A tag matches whole, in any case or width; the spec's search matches parts of words, by case only.
    expect(titles(tagged, { tag: 'summer' })).toEqual(['one', 'three'])
    expect(titles(tagged, { query: 'summer' })).toEqual(['four', 'one', 'two'])
    expect(titles(tagged, { author: 'ANA LIMA' })).toEqual(['one', 'two'])
    expect(titles(tagged, { author: 'Bo', query: 'summer' })).toEqual(['four'])
    expect(titles(tagged, { tag: 'beach', author: 'Bo' })).toEqual([])
    const index = new MediaIndex(tagged)
    const byTag = queryIndex(index, { ...NO_FILTERS, tag: 'summer' }, TITLE_ASC)
    // Each filter is a scope of its own among the recent queries: no answer is taken for another's.
    expect(queryIndex(index, { ...NO_FILTERS, tag: 'beach' }, TITLE_ASC)).not.toBe(byTag)
    expect(queryIndex(index, NO_FILTERS, TITLE_ASC)).toHaveLength(4)
  })

  it('works out the tag filter’s keys once for every file with the same tags', () => {
    const files = [
      record({ title: 'one', tags: ['Summer', 'Beach'] }),
      record({ title: 'two', tags: ['Summer', 'Beach'] }),
      record({ title: 'three', tags: ['Summer'] }),
      record({ title: 'four', tags: ['Summer\u0000Beach'] }),
    ]
    const keys = new MediaIndex(files).tagKeys
    expect(keys[0]).toBe(keys[1])
    expect(keys[0]).toEqual(['summer', 'beach'])
    expect(keys[2]).toEqual(['summer'])
    // A tag holding the character the lists are joined by (never stored: text refuses it) is still its own.
    expect(keys[3]).toHaveLength(1)
    expect(titles(files, { tag: 'BEACH' })).toEqual(['one', 'two'])
  })

  it('knows which filters call for the adjust-criteria hint', () => {
    expect(narrowsResults(NO_FILTERS)).toBe(false)
    expect(narrowsResults({ ...NO_FILTERS, folder: '/A' })).toBe(false)
    expect(narrowsResults({ ...NO_FILTERS, query: ' x ' })).toBe(true)
    expect(narrowsResults({ ...NO_FILTERS, category: 'audio' })).toBe(true)
    expect(narrowsResults({ ...NO_FILTERS, to: '2026-01-01' })).toBe(true)
    expect(narrowsResults({ ...NO_FILTERS, tag: 'x' })).toBe(true)
    expect(narrowsResults({ ...NO_FILTERS, author: 'x' })).toBe(true)
  })

  it('lists the distinct types and folder paths present', () => {
    expect(fileTypesOf(records)).toEqual(['application/octet-stream', 'image/png', 'video/mp4'])
    expect(folderPathsOf(records)).toEqual(['/A', '/A/B'])
  })
})
