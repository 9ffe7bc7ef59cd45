import { describe, expect, it } from 'vitest'

import { coverCut, cropRegion, deliveredFocalPoint } from '../../../../netlify/server/images/image-geometry'

describe('image geometry', () => {
  it('follows the focal point through the crop and each clockwise turn', () => {
    const crop = { x: 0.5, y: 0, width: 0.5, height: 0.5 }
    // (0.75, 0.125) is (0.5, 0.25) of that crop.
    const focal = { x: 0.75, y: 0.125 }
    expect(deliveredFocalPoint(focal, crop, 0)).toEqual({ x: 0.5, y: 0.25 })
    expect(deliveredFocalPoint(focal, crop, 90)).toEqual({ x: 0.75, y: 0.5 })
    expect(deliveredFocalPoint(focal, crop, 180)).toEqual({ x: 0.5, y: 0.75 })
    expect(deliveredFocalPoint(focal, crop, 270)).toEqual({ x: 0.25, y: 0.5 })
    expect(deliveredFocalPoint({ x: 0, y: 1 }, crop, 0)).toEqual({ x: 0, y: 1 })
    expect(deliveredFocalPoint(undefined, crop, 90)).toEqual({ x: 0.5, y: 0.5 })
  })

  it('keeps a crop at least a pixel and inside the image', () => {
    expect(cropRegion({ width: 10, height: 10 }, { x: 1, y: 1, width: 1e-9, height: 1e-9 })).toEqual({
      left: 9,
      top: 9,
      width: 1,
      height: 1,
    })
  })

  it('cuts a cover at the target size, or at the target shape without enlarging', () => {
    expect(coverCut({ width: 800, height: 600 }, { width: 100, height: 100 }, { x: 1, y: 0.5 })).toEqual({
      scaled: { width: 133, height: 100 },
      region: { left: 33, top: 0, width: 100, height: 100 },
    })
    expect(coverCut({ width: 80, height: 60 }, { width: 200, height: 100 }, { x: 0.5, y: 0.5 })).toEqual({
      scaled: { width: 80, height: 60 },
      region: { left: 0, top: 10, width: 80, height: 40 },
    })
  })
})
