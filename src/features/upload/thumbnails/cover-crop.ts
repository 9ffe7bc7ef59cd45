/** The stored thumbnail's side: twice the 150px tile, so it stays sharp on high-density screens. */
export const THUMBNAIL_SIDE = 300

export interface CropRect {
  /** The square taken from the source. */
  sx: number
  sy: number
  side: number
  /** The side of the square drawn; never more than the source gives (no upscaling). */
  outSide: number
}

/**
 * A square filled crop of a `width` x `height` source, scaled down to at most `box` pixels: centred for a
 * video frame, from the top for a document page, whose heading is what identifies it.
 */
export function coverCrop(
  width: number,
  height: number,
  anchor: 'center' | 'top',
  box = THUMBNAIL_SIDE,
): CropRect {
  const side = Math.max(1, Math.min(width, height))
  const sx = Math.max(0, (width - side) / 2)
  const sy = anchor === 'top' ? 0 : Math.max(0, (height - side) / 2)
  return { sx, sy, side, outSide: Math.max(1, Math.round(Math.min(box, side))) }
}

/** The scale at which a page of `width` x `height` renders with its shorter side at `box` pixels. */
export function coverScale(width: number, height: number, box = THUMBNAIL_SIDE): number {
  const shorter = Math.min(width, height)
  return shorter > 0 ? box / shorter : 1
}
