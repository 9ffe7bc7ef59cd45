import { describe, expect, it } from 'vitest'

import { gridGeometry } from '../../../../../src/features/library/components/card-geometry'

/** The width the files get: the window less the page's side padding, and the sidebar on wide screens. */
describe('grid geometry', () => {
  it('gives a 360 px phone two columns in both densities', () => {
    // 360 px less 12 px padding each side, and a classic 15 px scrollbar for good measure.
    for (const width of [336, 321]) {
      expect(gridGeometry(width, 'comfortable').columns).toBe(2)
      expect(gridGeometry(width, 'compact').columns).toBe(2)
    }
  })

  it('gives wide screens many columns', () => {
    expect(gridGeometry(1600, 'comfortable').columns).toBeGreaterThanOrEqual(8)
    expect(gridGeometry(2240, 'comfortable').columns).toBeGreaterThanOrEqual(11)
    expect(gridGeometry(2240, 'compact').columns).toBeGreaterThan(gridGeometry(2240, 'comfortable').columns)
  })

  it('keeps a Comfortable card clearly shorter than 350 px at 1280 px wide, and a Compact one shorter still', () => {
    // 1280 px less the page's padding and the 15 rem sidebar.
    const comfortable = gridGeometry(968, 'comfortable')
    const compact = gridGeometry(968, 'compact')
    expect(comfortable.cardHeight).toBeLessThan(320)
    expect(compact.cardHeight).toBeLessThan(comfortable.cardHeight * 0.66)
  })

  it('makes each row one card and one gap tall, the card a 4:3 picture over a fixed body', () => {
    for (const width of [968, 1600]) {
      for (const density of ['comfortable', 'compact'] as const) {
        const { narrow, columns, gap, cardHeight, rowHeight } = gridGeometry(width, density)
        const cardWidth = (width - gap * (columns - 1)) / columns
        expect(narrow).toBe(false)
        expect(rowHeight).toBe(cardHeight + gap)
        expect(cardHeight - Math.ceil(cardWidth * 0.75)).toBe(density === 'comfortable' ? 168 : 52)
      }
    }
  })

  it('on a phone, flattens the picture to 2:1 for a two-line title and one line of description, so two rows fit', () => {
    // A 390 px phone: 366 px of files; the first card starts about 300 px down with touch-sized controls.
    const { narrow, columns, gap, cardHeight } = gridGeometry(366, 'comfortable')
    const cardWidth = (366 - gap) / 2
    expect({ narrow, columns }).toEqual({ narrow: true, columns: 2 })
    expect(cardHeight).toBe(Math.ceil(cardWidth * 0.5) + 172)
    expect(gridGeometry(366, 'compact').cardHeight).toBe(Math.ceil(cardWidth * 0.5) + 72)
    expect(300 + 2 * cardHeight + gap).toBeLessThanOrEqual(844)
  })

  it('is one column before the width is known, never zero', () => {
    expect(gridGeometry(0, 'comfortable').columns).toBe(1)
  })
})
