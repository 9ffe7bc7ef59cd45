import { describe, expect, it } from 'vitest'

import { rowsInView } from '../../../../../src/features/library/model/rows-in-view'

const list = { count: 1_000, rowHeight: 52, overscan: 8, paddingStart: 42 }

describe('rows in view', () => {
  it('draws the rows the view covers and the overscan around them', () => {
    // 800 px under a 42 px header: rows 0 to 14 (the 15th starts at 42 + 14 * 52 = 770).
    expect(rowsInView(list, 0, 800)).toEqual([0, 22])
    // Scrolled to row 100's top: rows 100 to 115, with 8 more each side.
    expect(rowsInView(list, 42 + 100 * 52, 800)).toEqual([92, 123])
  })

  it('stops at the ends of the list', () => {
    expect(rowsInView(list, 42 + 995 * 52, 800)).toEqual([987, 999])
    expect(rowsInView({ ...list, count: 3 }, 0, 800)).toEqual([0, 2])
  })

  it('still draws the last rows for a view past the end, as when the list shrank under it', () => {
    expect(rowsInView({ ...list, count: 10 }, 42 + 500 * 52, 800)).toEqual([1, 9])
  })

  it('draws nothing for an empty list or before the row height is known', () => {
    expect(rowsInView({ ...list, count: 0 }, 0, 800)).toBeNull()
    expect(rowsInView({ ...list, rowHeight: 0 }, 0, 800)).toBeNull()
  })

  it('draws the overscan alone before the view has a height', () => {
    expect(rowsInView({ count: 100, rowHeight: 300, overscan: 2 }, 0, 0)).toEqual([0, 2])
  })
})
