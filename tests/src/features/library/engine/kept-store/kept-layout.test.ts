import { describe, expect, it } from 'vitest'

import type { MediaRecord } from '../../../../../../src/contract/record'
import { recordOf, recordsOfRows } from '../../../../../../src/features/library/engine/kept-store/kept-layout'
import { listedRecord } from '../../../../../support/listed-record'

const encoder = new TextEncoder()

/** Rows as the kept library writes them (kept-library.ts): each record's shape number, then its values. */
function rowsOf(records: readonly MediaRecord[]): { rows: Uint8Array; shapes: string[][] } {
  const shapes: string[][] = []
  const text = records
    .map((record) => {
      const keys = Object.keys(record)
      let shape = shapes.findIndex((known) => known.join(',') === keys.join(','))
      if (shape === -1) shape = shapes.push(keys) - 1
      const values = record as unknown as Record<string, unknown>
      return `${JSON.stringify([shape, ...keys.map((key) => values[key])])}\n`
    })
    .join('')
  return { rows: encoder.encode(text), shapes }
}

describe('recordsOfRows', () => {
  it('gives back every record as written: its keys in their order and every value', () => {
    const records = [
      listedRecord(1, { tags: ['a', 'b'], author: 'Dana', folder_path: '/Press' }),
      listedRecord(2, { updated_at: '2026-02-01T00:00:00.000Z', width: 1920, height: 1080 }),
      listedRecord(3, { deleted_at: '2026-03-01T00:00:00.000Z', description: 'a file' }),
      listedRecord(4, { tags: [], author: 'Dana', folder_path: '/Press', format: 'png' }),
    ]
    const { rows, shapes } = rowsOf(records)
    const read = recordsOfRows(rows, shapes)
    expect(read).toEqual(records)
    expect(read.map((record) => Object.keys(record))).toEqual(records.map((record) => Object.keys(record)))
    // Records of one shape are separate objects: a change to one leaves the other.
    ;(read[0] as { title: string }).title = 'changed'
    expect(read[3]?.title).toBe('File 4')
  })

  it('reads a row alone as in a run, and refuses a row naming no shape or a run cut short', () => {
    const record = listedRecord(7, { updated_at: '2026-05-01T00:00:00.000Z' })
    const { rows, shapes } = rowsOf([record])
    const row = JSON.parse(new TextDecoder().decode(rows)) as unknown[]
    expect(recordOf(row, shapes)).toEqual(record)
    expect(() => recordOf([5, ...row.slice(1)], shapes)).toThrow('A kept row names no shape')
    expect(() => recordsOfRows(rows.subarray(0, rows.length - 1), shapes)).toThrow('A kept row is cut short')
  })
})
