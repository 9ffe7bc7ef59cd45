/**
 * The grid's tile geometry. Every card of one density has the same height, computed here from the width
 * the files get, so the virtualized rows need no per-item measuring and 50,000 files stay cheap; the
 * card's CSS (cards.css) draws into exactly that height.
 */
export type CardDensity = 'comfortable' | 'compact'

export const CARD_DENSITIES: readonly CardDensity[] = ['comfortable', 'compact']

/**
 * The thumbnail box's height for its width: 4:3, and 2:1 on a narrow files area, where two rows of
 * cards, each title on two lines, must fit a phone's first screen. The picture is cut to the box
 * (thumbnail.css).
 */
const THUMBNAIL_RATIO = { wide: 3 / 4, narrow: 1 / 2 }

/**
 * Below this width (a phone, or a narrow window with the sidebar open) cards may be narrower and sit
 * closer, so a 360 px phone still gets two columns.
 */
const NARROW_WIDTH = 560

/** The smallest card width, by density and by whether the files area is narrow. */
const MIN_CARD_WIDTH: Record<CardDensity, { narrow: number; wide: number }> = {
  comfortable: { narrow: 136, wide: 180 },
  compact: { narrow: 120, wide: 136 },
}

/**
 * The height of everything under the thumbnail, borders included: in Comfortable the title row,
 * two lines of description (one on a narrow files area), author, tags, size and date, and the actions;
 * in Compact the title row and one line of kind, size and date. On a narrow files area the title row
 * holds two lines: a phone's card is too narrow for a title on one. cards.css gives each of these rows
 * a fixed line height that adds up to no more than this.
 */
const BODY_HEIGHT: Record<CardDensity, { narrow: number; wide: number }> = {
  comfortable: { narrow: 172, wide: 168 },
  compact: { narrow: 72, wide: 52 },
}

export interface GridGeometry {
  /** A phone or a narrow window: the cards' CSS shortens the picture and the description to match. */
  narrow: boolean
  columns: number
  gap: number
  /** The height of one card. */
  cardHeight: number
  /** One row of cards and the gap under it: the virtualizer's row size. */
  rowHeight: number
}

export function gridGeometry(width: number, density: CardDensity): GridGeometry {
  const narrow = width < NARROW_WIDTH
  const gap = narrow ? 8 : 12
  const minWidth = MIN_CARD_WIDTH[density][narrow ? 'narrow' : 'wide']
  const columns = Math.max(1, Math.floor((width + gap) / (minWidth + gap)))
  const cardWidth = Math.max(minWidth, (width - gap * (columns - 1)) / columns)
  const size = narrow ? 'narrow' : 'wide'
  const cardHeight = Math.ceil(cardWidth * THUMBNAIL_RATIO[size]) + BODY_HEIGHT[density][size]
  return { narrow, columns, gap, cardHeight, rowHeight: cardHeight + gap }
}
