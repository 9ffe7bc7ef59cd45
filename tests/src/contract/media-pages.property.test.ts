import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  inTitleOrder,
  PAGE_SHARDS,
  pageCountOf,
  pageOfId,
  pageRange,
  pageShards,
  parseShardRange,
} from '../../../src/contract/media-pages'
import { decodeMediaPage, encodeMediaPage, MalformedPageError } from '../../../src/contract/media-page-codec'
import { mediaPagesAnswerSchema } from '../../../src/contract/media-pages-schema'
import { titleOrderOf } from '../../../src/contract/title-order'
import { mediaRecordSchema, type MediaRecord } from '../../../src/contract/record'
import { LibraryEngine } from '../../../src/features/library/engine/library-engine'
import { DEFAULT_SORT, NO_FILTERS } from '../../../src/features/library/model/filters'
import { listedRecord } from '../../support/listed-record'

const LAYOUT = { from: 0, to: PAGE_SHARDS - 1, shardCount: 3 }
/** A few values, so strings repeat as in a real library and the dictionary is exercised. */
const word = fc.oneof(
  fc.constantFrom('', 'Images', '/', 'Dana', 'a', 'b'),
  fc.string(),
  fc.string({ unit: 'binary' }),
)
const number = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .map((value) => (Object.is(value, -0) ? 0 : value))
const nullable = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null })
// A page names few people, each written once; their names may hold anything, quotes and colons too.
const actor = fc.record({
  type: fc.constantFrom('owner' as const, 'person' as const, 'token' as const),
  id: fc.constantFrom('owner', 'p_1', 't:2'),
  name: fc.string({ maxLength: 12 }),
})

const unit = fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true })

const recordArbitrary: fc.Arbitrary<MediaRecord> = fc
  .record(
    {
      id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      title: word,
      description: word,
      category: word,
      file_type: word,
      media_url: word,
      thumbnail: nullable(word),
      file_size: number,
      created_at: word,
      updated_at: word,
      tags: fc.array(word, { maxLength: 4 }),
      notes: word,
      alt_text: word,
      station: word,
      author: word,
      folder_path: word,
      public_id: nullable(word),
      resource_type: nullable(word),
      format: nullable(word),
      width: nullable(number),
      height: nullable(number),
      duration: nullable(number),
      sha256: nullable(word),
      deleted_at: word,
      used_on: fc.constantFrom('2026-05-01', '2026-05-02', '2027-01-31'),
      shared_until: fc.constantFrom('2026-05-01T10:00:00.000Z', '2026-06-01T00:00:00.000Z'),
      focal_point: fc.record({ x: unit, y: unit }),
      crop: fc.record({ x: fc.constant(0), y: fc.constant(0.25), width: unit, height: fc.constant(0.5) }),
      rotate: fc.constantFrom(90, 180, 270),
      created_by: actor,
      updated_by: actor,
      webflow: fc.record(
        {
          state: fc.constantFrom('pending', 'synced', 'failed', 'skipped'),
          message: word,
          item_id: word,
          asset_id: word,
          revision: fc.nat(),
          updated_at: word,
        },
        { requiredKeys: ['state', 'updated_at'] },
      ),
    },
    { requiredKeys: [] },
  )
  .chain((partial) =>
    // Fields absent from `partial` take the values most records have, so the sparse columns are exercised.
    fc.constant(
      listedRecord(1, {
        ...partial,
        updated_at: partial.updated_at ?? partial.created_at ?? '2026-01-01T00:00:00.000Z',
      }),
    ),
  )

/** What the wire does to a page: JSON text, then the schema. */
function overTheWire(records: readonly MediaRecord[]): MediaRecord[] {
  const text = JSON.stringify(encodeMediaPage(records, LAYOUT))
  return decodeMediaPage(mediaPagesAnswerSchema.parse(JSON.parse(text)))
}

describe('the compact page encoding', () => {
  it('gives back every field of every record, in order', () => {
    fc.assert(
      fc.property(fc.array(recordArbitrary, { maxLength: 30 }), (records) => {
        expect(overTheWire(records)).toEqual(records)
      }),
      { numRuns: 500 },
    )
  })

  it('gives back records whose ids go down as well as up', () => {
    fc.assert(
      fc.property(fc.array(recordArbitrary, { minLength: 2, maxLength: 10 }), (records) => {
        const reversed = [...records].sort((a, b) => b.id - a.id)
        expect(overTheWire(reversed)).toEqual(reversed)
      }),
    )
  })

  it('leaves out columns no record needs and stores each repeated string once', () => {
    const records = [1, 2, 3].map((id) =>
      listedRecord(id, { media_url: `/f/${String(id)}.png`, format: 'png' }),
    )
    const page = encodeMediaPage(records, LAYOUT)
    expect(Object.keys(page.columns).sort()).toEqual(
      ['author', 'category', 'created_at', 'file_size', 'file_type', 'folder_path', 'format', 'id']
        .concat(['media_url', 'title'])
        .sort(),
    )
    expect(page.strings).toEqual(['Images', 'image/png', 'Dana', '/', 'png'])
    expect(page.columns.id).toEqual([1, 1, 1])
  })

  it('refuses a page whose columns do not fit together', () => {
    const page = encodeMediaPage([], LAYOUT)
    expect(() => decodeMediaPage({ ...page, count: 1 })).toThrow(MalformedPageError)
    const one = encodeMediaPage([mediaRecordSchema.parse(sample)], LAYOUT)
    expect(() => decodeMediaPage({ ...one, strings: [] })).toThrow(MalformedPageError)
    expect(() =>
      decodeMediaPage({ ...one, columns: { ...one.columns, notes: { at: [5], values: ['x'] } } }),
    ).toThrow(MalformedPageError)
    expect(() => decodeMediaPage({ ...one, columns: { ...one.columns, id: [0] } })).toThrow(
      MalformedPageError,
    )
  })
})

const sample = {
  id: 7,
  title: 'Launch banner',
  description: '',
  category: 'Images',
  file_type: 'image/png',
  media_url: '/api/files/7/banner.png',
  thumbnail: null,
  file_size: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  tags: [],
  notes: '',
  station: '',
  author: 'Dana',
  folder_path: '/',
  public_id: null,
  resource_type: null,
  format: null,
  width: null,
  height: null,
  duration: null,
  sha256: null,
}

describe("the first page's title order", () => {
  const titled = fc.array(
    fc.constantFrom('Clip 2', 'clip 10', 'Ärger', 'arger', 'Zebra', '', 'b', 'B', '10', '9'),
    { maxLength: 40 },
  )

  it('orders the first page as the engine answers the default query over it, and says no order unasked', () => {
    fc.assert(
      fc.property(titled, (titles) => {
        const records = titles.map((title, index) => listedRecord(index + 1, { title }))
        const page = encodeMediaPage(records, {
          from: 0,
          to: 0,
          shardCount: 1,
          titleOrder: titleOrderOf(records),
        })
        const engine = new LibraryEngine()
        engine.setRecords(records)
        engine.receive({ type: 'query', ask: 0, filters: NO_FILTERS, sort: DEFAULT_SORT, from: 0, to: 0 })
        const ids = engine.ids(0, records.length)
        expect(inTitleOrder(records, page.title_order).map((record) => record.id)).toEqual(ids)
        expect(encodeMediaPage(records, { from: 1, to: 49, shardCount: 60 }).title_order).toBeUndefined()
      }),
      { numRuns: 200 },
    )
  })

  it('leaves records as they came for an order that is not one of exactly them', () => {
    const records = ['a', 'b', 'c']
    expect(inTitleOrder(records, [2, 0, 1])).toEqual(['c', 'a', 'b'])
    for (const order of [undefined, [0, 1], [0, 0, 1], [0, 1, 3]]) {
      expect(inTitleOrder(records, order)).toEqual(records)
    }
  })
})

describe('shard ranges', () => {
  it('reads A-B of at most one page of shards', () => {
    expect(parseShardRange('0-49')).toEqual({ from: 0, to: 49 })
    expect(parseShardRange('50-50')).toEqual({ from: 50, to: 50 })
    for (const bad of [null, '', '0', '5-4', '0-50', '-1-3', '1e3-1e3', '0-49 ', 'a-b', '00000000-1']) {
      expect(parseShardRange(bad)).toBeNull()
    }
  })
})

describe('the page grid', () => {
  it('covers every shard once, the first page small, and finds the page of any id', () => {
    expect([0, 1, 2, 3].map(pageShards)).toEqual(['0-0', '1-49', '50-99', '100-149'])
    expect(pageCountOf(0)).toBe(2)
    expect(pageCountOf(50)).toBe(2)
    expect(pageCountOf(51)).toBe(3)
    expect(pageCountOf(200)).toBe(5)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (id) => {
        const { from, to } = pageRange(pageOfId(id))
        const shard = Math.floor(id / 500)
        expect(shard >= from && shard <= to).toBe(true)
      }),
    )
  })
})
