import { describe, expect, it } from 'vitest'

import { chipsThatFit, moreChipWidth } from '../../../../../src/features/library/model/chips-that-fit'

describe('chips that fit one line', () => {
  const more = () => 30

  it('shows every chip when all fit, or before the line is laid out', () => {
    expect(chipsThatFit([40, 40, 40], 128, 4, more)).toBe(3)
    expect(chipsThatFit([40, 40, 40], 0, 4, more)).toBe(3)
    expect(chipsThatFit([], 100, 4, more)).toBe(0)
  })

  it('keeps room for the "+N" chip when some do not fit', () => {
    // 40 + 4 + 40 + 4 + 30 = 118 fits 120; a third chip would not leave room for "+1".
    expect(chipsThatFit([40, 40, 40, 40], 120, 4, more)).toBe(2)
    expect(chipsThatFit([40, 40, 40], 127, 4, more)).toBe(2)
  })

  it('shows only "+N" when not even the first chip fits beside it', () => {
    expect(chipsThatFit([200, 10], 100, 4, more)).toBe(0)
  })

  it('sizes "+N" by its digits', () => {
    expect(moreChipWidth(12)).toBeGreaterThan(moreChipWidth(3))
  })
})
