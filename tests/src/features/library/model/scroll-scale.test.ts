import { describe, expect, it } from 'vitest'

import {
  followScroll,
  isScaled,
  MAX_SCROLL_HEIGHT,
  placeFor,
  scrollPlan,
  shiftOf,
  type ScrollPlace,
} from '../../../../../src/features/library/model/scroll-scale'

const VIEWPORT = 800
/** A million files in two columns of 300 px rows, and in the list's 52 px rows under its 42 px header. */
const GRID_MILLION = 500_000 * 300
const LIST_MILLION = 42 + 1_000_000 * 52

const start: ScrollPlace = { page: 0, virtual: 0, physical: 0 }

describe('scaled scrolling', () => {
  it('leaves a list within the cap as it is: the element scrolls the rows pixel for pixel', () => {
    for (const total of [52 * 1_000, 300 * 26_000, MAX_SCROLL_HEIGHT]) {
      const plan = scrollPlan(total)
      expect(isScaled(plan)).toBe(false)
      expect(plan.physical).toBe(total)
      expect(followScroll(plan, start, 12_345, VIEWPORT)).toEqual({
        page: 0,
        virtual: 12_345,
        physical: 12_345,
      })
      expect(placeFor(plan, 0, 5_000, VIEWPORT)).toEqual({ page: 0, virtual: 5_000, physical: 5_000 })
    }
  })

  it('caps the scroll area of a million files', () => {
    for (const total of [GRID_MILLION, LIST_MILLION, 10 * GRID_MILLION]) {
      const plan = scrollPlan(total)
      expect(isScaled(plan)).toBe(true)
      expect(plan.physical).toBe(MAX_SCROLL_HEIGHT)
    }
  })

  it('maps the top of the track to the first row and the bottom to the last, at any count', () => {
    for (const total of [8_000_001, LIST_MILLION, GRID_MILLION, 10 * GRID_MILLION]) {
      const plan = scrollPlan(total)
      const bottom = MAX_SCROLL_HEIGHT - VIEWPORT
      const end = followScroll(plan, start, bottom, VIEWPORT)
      expect(end.virtual).toBeCloseTo(total - VIEWPORT, 3)
      expect(end.physical).toBeCloseTo(bottom, 3)
      expect(followScroll(plan, end, 0, VIEWPORT)).toEqual({ page: 0, virtual: 0, physical: 0 })
    }
  })

  it('maps a dragged thumb near proportionally, never more than a hundredth of the track away', () => {
    const plan = scrollPlan(GRID_MILLION)
    const track = MAX_SCROLL_HEIGHT - VIEWPORT
    let previous = -1
    for (let physical = 0; physical <= track; physical += track / 1000) {
      const place = followScroll(plan, { page: 0, virtual: 0, physical: -VIEWPORT * 2 }, physical, VIEWPORT)
      expect(place.virtual).toBeGreaterThanOrEqual(previous)
      previous = place.virtual
      const proportional = (physical / track) * (GRID_MILLION - VIEWPORT)
      expect(Math.abs(place.virtual - proportional) / (GRID_MILLION - VIEWPORT)).toBeLessThan(0.011)
    }
  })

  it('moves the rows by the pixels scrolled in a small step, and keeps the list still across a page', () => {
    const plan = scrollPlan(GRID_MILLION)
    const middle = followScroll(plan, start, MAX_SCROLL_HEIGHT / 2, VIEWPORT)
    const step = followScroll(plan, middle, middle.physical + 100, VIEWPORT)
    expect(step.virtual).toBeCloseTo(middle.virtual + 100, 6)
    const back = followScroll(plan, step, step.physical - 640, VIEWPORT)
    expect(back.virtual).toBeCloseTo(middle.virtual - 540, 6)

    // Wheel down a whole page and more in steps of 120 px: every step is 120 px of rows, and where the
    // page changes the element is moved back under the reader, always within the scroll area.
    let place = middle
    let moved = 0
    for (let turn = 0; turn < Math.ceil((plan.pageSize * 2) / 120); turn++) {
      const next = followScroll(plan, place, place.physical + 120, VIEWPORT)
      expect(next.virtual - place.virtual).toBeCloseTo(120, 6)
      expect(next.physical).toBeGreaterThan(0)
      expect(next.physical).toBeLessThan(MAX_SCROLL_HEIGHT - VIEWPORT)
      if (next.page !== place.page) moved += 1
      place = next
    }
    expect(moved).toBeGreaterThanOrEqual(1)
    expect(moved).toBeLessThanOrEqual(3)
  })

  it('wheels from the first row to the last of a million files in small steps', () => {
    const plan = scrollPlan(LIST_MILLION)
    let place = start
    const stepSize = 4_000
    for (let turn = 0; turn < LIST_MILLION / stepSize + 10; turn++) {
      place = followScroll(
        plan,
        place,
        Math.min(place.physical + stepSize, MAX_SCROLL_HEIGHT - VIEWPORT),
        VIEWPORT,
      )
      expect(place.physical).toBeGreaterThanOrEqual(0)
      expect(place.physical).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT - VIEWPORT)
    }
    expect(place.virtual).toBeCloseTo(LIST_MILLION - VIEWPORT, 3)
  })

  it('places any row for the keyboard within the scroll area, keeping the page when it holds the row', () => {
    const plan = scrollPlan(GRID_MILLION)
    for (const virtual of [0, 1, 299, 5_000_000, 75_000_000, GRID_MILLION - VIEWPORT, GRID_MILLION]) {
      const place = placeFor(plan, 0, virtual, VIEWPORT)
      expect(place.virtual).toBe(Math.min(virtual, GRID_MILLION - VIEWPORT))
      expect(place.physical).toBeGreaterThanOrEqual(0)
      expect(place.physical).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT - VIEWPORT + 1e-6)
      expect(place.physical).toBeCloseTo(place.virtual - shiftOf(plan, place.page), 6)
    }
    const here = placeFor(plan, 0, 75_000_000, VIEWPORT)
    expect(placeFor(plan, here.page, 75_000_000 + 900, VIEWPORT).page).toBe(here.page)
  })
})
