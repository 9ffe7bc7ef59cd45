import { describe, expect, it } from 'vitest'

import {
  applyChange,
  changedIds,
  withAdded,
  withFilesMoved,
  withFolder,
  withoutRecords,
  withPatch,
  withRecords,
  type RecordsChange,
} from '../../../src/lib/record-changes'
import { listedRecord } from '../../support/listed-record'

const library = [1, 2, 3, 4, 5].map((id) => listedRecord(id, { folder_path: id < 3 ? '/A' : '/B' }))

describe('changedIds', () => {
  it('names the records a change by id may touch, and none for a change by folder', () => {
    expect(changedIds(withoutRecords([2, 4]))).toEqual([2, 4])
    expect(changedIds(withPatch([3], { title: 'x' }))).toEqual([3])
    expect(changedIds(withAdded([listedRecord(9)]))).toEqual([9])
    expect(
      changedIds({ kind: 'each', changes: [withFolder([1], '/B'), withRecords([listedRecord(5)])] }),
    ).toEqual([1, 5])
    expect(changedIds(withFilesMoved('/A', '/C'))).toBeNull()
    expect(
      changedIds({ kind: 'each', changes: [withoutRecords([1]), withFilesMoved('/A', '/C')] }),
    ).toBeNull()
  })

  it('is enough: a change made on the records it names alone makes them as it does in the whole list', () => {
    const changes: RecordsChange[] = [
      withoutRecords([2, 4]),
      withPatch([3, 5], { title: 'Renamed' }),
      withFolder([1], '/C'),
      withAdded([listedRecord(6)]),
      withRecords([listedRecord(2, { title: 'From the server' })]),
      { kind: 'each', changes: [withoutRecords([1]), withPatch([2], { author: 'Dana' })] },
    ]
    for (const change of changes) {
      const ids = changedIds(change) ?? []
      const touched = library.filter((record) => ids.includes(record.id))
      const whole = applyChange(library, change).filter((record) => ids.includes(record.id))
      expect(applyChange(touched, change)).toEqual(whole)
    }
  })
})
