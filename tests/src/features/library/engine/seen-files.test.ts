import { describe, expect, it } from 'vitest'

import { SeenFiles } from '../../../../../src/features/library/engine/seen-files'
import { withFilesMoved, withoutRecords, withPatch } from '../../../../../src/lib/record-changes'
import { listedRecord } from '../../../../support/listed-record'

describe('the files the page was sent', () => {
  it('keeps the most recently sent ones only, a file sent again counting as new', () => {
    const seen = new SeenFiles(3)
    for (const id of [1, 2, 3]) seen.set(listedRecord(id))
    seen.set(listedRecord(1))
    seen.set(listedRecord(4))
    expect([1, 2, 3, 4].map((id) => seen.has(id))).toEqual([true, false, true, true])
  })

  it("makes this page's changes on them, by id or by folder, and forgets a rolled-back change's files", () => {
    const seen = new SeenFiles()
    for (const id of [1, 2, 3]) seen.set(listedRecord(id, { folder_path: '/A' }))
    const untouched = seen.get(3)
    seen.change(withoutRecords([1]))
    seen.change(withPatch([2], { title: 'Renamed' }))
    expect(seen.has(1)).toBe(false)
    expect(seen.get(2)?.title).toBe('Renamed')
    expect(seen.get(3)).toBe(untouched)

    seen.change(withFilesMoved('/A', '/B'))
    expect(seen.get(3)?.folder_path).toBe('/B')
    seen.change(withPatch([3], { title: 'Refused' }), true)
    expect(seen.has(3)).toBe(false)
    expect(seen.get(2)?.title).toBe('Renamed')
  })
})
