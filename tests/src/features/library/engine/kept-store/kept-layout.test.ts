import { describe, expect, it } from 'vitest'

import type { MediaRecord } from '../../../../../../src/contract/record'
import { memoryFiles } from '../../../../../../src/features/library/engine/kept-store/kept-files'
import {
  readKeptFirstRows,
  recordOf,
  recordsOfRows,
} from '../../../../../../src/features/library/engine/kept-store/kept-layout'
import {
  openKeptLibrary,
  writeKeptLibrary,
} from '../../../../../../src/features/library/engine/kept-store/kept-library'
import { KEPT_MANIFEST } from '../../../../../../src/lib/storage-names'
import { listedRecord } from '../../../../../support/listed-record'

const ETAGS = ['"p0"', '"p1"', '"p2"']

/** Files whose titles do not follow their ids, over three pages of the listing. */
function library(count: number): MediaRecord[] {
  return Array.from({ length: count }, (_, index) =>
    listedRecord(index * 40 + 1, { title: `File ${String((index * 7919) % count)}` }),
  )
}

describe('readKeptFirstRows', () => {
  it('reads the first rows of the title order, as the kept library answers them, and the pages kept', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, library(1_000), ETAGS)
    const opened = await openKeptLibrary(files)
    if (opened.kind !== 'open') throw new Error('the kept library did not open')
    const first = await readKeptFirstRows(files, 500)
    expect(first?.pages).toBe(3)
    expect(first?.records).toEqual(await opened.library.rows(0, 500, true))
    expect(first?.records[0]?.title).toBe('File 0')
    // Every reader it opened is closed again.
    opened.library.close()
    expect(files.open.size).toBe(0)
  })

  it('reads a library smaller than it asks for whole, and an empty one as no rows', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, library(12), ETAGS.slice(0, 1))
    expect((await readKeptFirstRows(files, 500))?.records).toHaveLength(12)
    const empty = memoryFiles()
    await writeKeptLibrary(empty, [], [])
    expect(await readKeptFirstRows(empty, 500)).toEqual({ records: [], pages: 0 })
  })

  it('reads nothing from no library, another layout or rows cut short', async () => {
    expect(await readKeptFirstRows(memoryFiles(), 500)).toBeNull()
    const files = memoryFiles()
    const generation = await writeKeptLibrary(files, library(100), ETAGS.slice(0, 1))
    const rows = files.files.get(`${generation}/rows`) ?? new Uint8Array()
    files.files.set(`${generation}/rows`, rows.subarray(0, rows.length - 10))
    expect(await readKeptFirstRows(files, 50)).toBeNull()
    const manifest = JSON.parse(new TextDecoder().decode(files.files.get(KEPT_MANIFEST))) as object
    files.files.set(
      KEPT_MANIFEST,
      new TextEncoder().encode(JSON.stringify({ ...manifest, layout: 'another' })),
    )
    expect(await readKeptFirstRows(files, 50)).toBeNull()
    expect(files.open.size).toBe(0)
  })
})

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

  it('gives records with the same tags one list between them, as a page does', () => {
    const records = [1, 2, 3].map((id) => listedRecord(id, { tags: id === 2 ? ['b'] : ['a', 'b'] }))
    const { rows, shapes } = rowsOf(records)
    const read = recordsOfRows(rows, shapes)
    expect(read).toEqual(records)
    expect(read[0]?.tags).toBe(read[2]?.tags)
    expect(read[1]?.tags).not.toBe(read[0]?.tags)
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
