import { describe, expect, it } from 'vitest'

import type { MediaRecord } from '../../../../../src/contract/record'
import {
  NO_FILTERS,
  type Filters,
  type Sort,
  type SortKey,
} from '../../../../../src/features/library/model/filters'
import { firstScreen, smallest } from '../../../../../src/features/library/model/first-screen'
import { MediaIndex, queryIndex } from '../../../../../src/features/library/model/media-index'
import { listedRecord } from '../../../../support/listed-record'

const TYPES = ['image/png', 'video/mp4', 'application/pdf']

/** Titles, sizes, dates and types with many ties, so every tie rule is exercised. */
function library(count: number): MediaRecord[] {
  return Array.from({ length: count }, (_, i) =>
    listedRecord(i + 1, {
      title: `${['Clip', 'clip', 'Éclair', 'apple'][i % 4] ?? ''} ${String((i * 7919) % 97)}`,
      description: i % 5 === 0 ? 'harbor' : '',
      category: 'Files',
      file_type: TYPES[i % 3] ?? '',
      media_url: 'https://x.test/file',
      file_size: (i * 31) % 50,
      created_at: i % 11 === 0 ? 'not a date' : `2026-01-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00Z`,
      author: 'Unknown',
      folder_path: i % 2 === 0 ? '/A' : '/',
    }),
  )
}

describe('firstScreen', () => {
  const records = library(3000)
  const keys: SortKey[] = ['title', 'size', 'date', 'type']
  const filterSets: Partial<Filters>[] = [{}, { folder: '/A' }, { query: 'harbor', folder: '/' }]

  it.each(keys.flatMap((key) => (['asc', 'desc'] as const).map((direction) => ({ key, direction }))))(
    'puts the first positions in the order the full sort gives ($key $direction), and every match after them',
    (sort: Sort) => {
      for (const filters of filterSets) {
        const query = { ...NO_FILTERS, ...filters }
        const full = Array.from(queryIndex(new MediaIndex(records), query, sort))
        const first = Array.from(firstScreen(new MediaIndex(records), query, sort, 50))
        expect(first.slice(0, 50)).toEqual(full.slice(0, 50))
        expect([...first].sort((a, b) => a - b)).toEqual([...full].sort((a, b) => a - b))
      }
    },
  )

  it('needs no sort order made', () => {
    const index = new MediaIndex(records)
    firstScreen(index, NO_FILTERS, { key: 'date', direction: 'desc' }, 20)
    expect(index.hasOrder('date')).toBe(false)
    expect(index.hasOrder('title')).toBe(false)
  })
})

describe('smallest', () => {
  it('keeps the first few under the comparison, in order', () => {
    const values = [5, 3, 9, 1, 7, 3, 8]
    const candidates = Uint32Array.from(values.keys())
    const byValue = (a: number, b: number) => (values[a] ?? 0) - (values[b] ?? 0) || a - b
    expect(smallest(candidates, 3, byValue)).toEqual([3, 1, 5])
    expect(smallest(candidates, 10, byValue)).toHaveLength(7)
  })
})
