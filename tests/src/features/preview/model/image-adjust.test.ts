import { describe, expect, it } from 'vitest'

import type { ImageCrop, ImageRotation } from '../../../../../src/contract/image-settings'
import {
  storedCrop,
  storedPoint,
  turnedCrop,
  turnedPoint,
  turnedSize,
} from '../../../../../src/features/preview/model/image-adjust'

const ROTATIONS: readonly ImageRotation[] = [0, 90, 180, 270]

/** A quarter of the width and half the height, at the stored picture's top left corner. */
const CORNER: ImageCrop = { x: 0, y: 0, width: 0.25, height: 0.5 }

describe('the crop editor: the turned picture and the stored one', () => {
  it.each([
    // Turned clockwise, the stored top left corner goes to the top right, the bottom right, the bottom left.
    [0, { x: 0.1, y: 0.2 }],
    [90, { x: 0.8, y: 0.1 }],
    [180, { x: 0.9, y: 0.8 }],
    [270, { x: 0.2, y: 0.9 }],
  ] as const)('shows a point of the stored picture turned %i degrees where it lands', (rotate, shown) => {
    expect(turnedPoint({ x: 0.1, y: 0.2 }, rotate)).toEqual(shown)
    expect(storedPoint(shown, rotate)).toEqual({ x: 0.1, y: 0.2 })
  })

  it.each([
    [0, CORNER],
    [90, { x: 0.5, y: 0, width: 0.5, height: 0.25 }],
    [180, { x: 0.75, y: 0.5, width: 0.25, height: 0.5 }],
    [270, { x: 0, y: 0.75, width: 0.5, height: 0.25 }],
  ] as const)('shows a crop of the stored picture turned %i degrees where it lands', (rotate, shown) => {
    expect(turnedCrop(CORNER, rotate)).toEqual(shown)
    expect(storedCrop(shown, rotate)).toEqual(CORNER)
  })

  it.each(ROTATIONS)('brings a crop drawn on the picture turned %i degrees back unchanged', (rotate) => {
    const drawn = { x: 0.1234, y: 0.3, width: 0.4321, height: 0.6 }
    expect(turnedCrop(storedCrop(drawn, rotate), rotate)).toEqual(drawn)
    expect(turnedPoint(storedPoint({ x: 0.3333, y: 0.7 }, rotate), rotate)).toEqual({ x: 0.3333, y: 0.7 })
  })

  it('turns the left half of a picture a quarter right into its top half', () => {
    // Delivery crops the stored picture, then turns it: the stored left half, turned, is the top half.
    expect(turnedCrop({ x: 0, y: 0, width: 0.5, height: 1 }, 90)).toEqual({
      x: 0,
      y: 0,
      width: 1,
      height: 0.5,
    })
  })

  it('swaps the sides of a picture turned a quarter', () => {
    expect(turnedSize({ width: 800, height: 600 }, 90)).toEqual({ width: 600, height: 800 })
    expect(turnedSize({ width: 800, height: 600 }, 180)).toEqual({ width: 800, height: 600 })
    expect(turnedSize({ width: 800, height: 600 }, 270)).toEqual({ width: 600, height: 800 })
  })
})
