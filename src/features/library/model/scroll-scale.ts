/**
 * Scaled scrolling: how a list taller than a browser lets an element be is laid into a scroll area it
 * does allow, so the first and the last file are both in reach at any count.
 *
 * The list's own coordinates ("virtual": row index x row height) run from 0 to `total`; the element
 * scrolls from 0 to `physical`. Below `MAX_SCROLL_HEIGHT` the two are the same. Above it, the virtual
 * range is cut into `pages` equal stretches; on page k a virtual position is drawn `k x pageShift`
 * pixels higher (physical = virtual - k x pageShift). Within a page, a wheel turn, a key or a click on
 * the track moves the rows by the pixels it scrolls; crossing into the next page moves the element back
 * by `pageShift` and the rows with it, which the reader does not see. A jump (dragging the scrollbar's
 * thumb) picks the page from where the thumb is, so the thumb's place stays within a hundredth of the
 * track from the list's proportional place, the top is the first row and the bottom the last.
 */

/**
 * The tallest scroll area the grid and the list make. Browsers stop laying out an element past a
 * limit (Chromium at 16,777,216 px, Firefox below that, older engines lower still) and then cut off the
 * end of the list; half of Chromium's limit leaves room for the header and any engine's rounding.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000

/**
 * Pages per scrollbar track: the thumb strays at most one page's travel (1/100 of the track) from its
 * proportional place, and a page crossing, the one moment the element is moved under the reader, comes
 * once every hundredth of the track.
 */
const PAGES_PER_TRACK = 100

export interface ScrollPlan {
  /** The list's height in its own coordinates. */
  total: number
  /** The scroll area's height: `total`, or `MAX_SCROLL_HEIGHT` when `total` is taller. */
  physical: number
  /** 1 when unscaled. */
  pages: number
  /** Virtual pixels per page. */
  pageSize: number
  /** How much higher each further page is drawn. */
  pageShift: number
}

export function scrollPlan(total: number): ScrollPlan {
  if (total <= MAX_SCROLL_HEIGHT) {
    return { total, physical: total, pages: 1, pageSize: Number.POSITIVE_INFINITY, pageShift: 0 }
  }
  // At least as many pages as the ratio, so a page's physical stretch (pageSize - pageShift) is
  // positive and every position of every page lies within the scroll area.
  const pages = Math.ceil((PAGES_PER_TRACK * total) / MAX_SCROLL_HEIGHT)
  return {
    total,
    physical: MAX_SCROLL_HEIGHT,
    pages,
    pageSize: total / pages,
    pageShift: (total - MAX_SCROLL_HEIGHT) / (pages - 1),
  }
}

export function isScaled(plan: ScrollPlan): boolean {
  return plan.pages > 1
}

/** How much higher than its own position a row on `page` is drawn. */
export function shiftOf(plan: ScrollPlan, page: number): number {
  return page * plan.pageShift
}

function clampPage(plan: ScrollPlan, page: number): number {
  return Math.min(Math.max(page, 0), plan.pages - 1)
}

/** The page a virtual position belongs to. */
export function pageOf(plan: ScrollPlan, virtual: number): number {
  return clampPage(plan, Math.floor(virtual / plan.pageSize))
}

/** Where a dragged thumb's position is in the list: the page whose stretch of the track holds it. */
export function pageForJump(plan: ScrollPlan, physical: number): number {
  if (!isScaled(plan)) return 0
  return clampPage(plan, Math.floor(physical / (plan.pageSize - plan.pageShift)))
}

/**
 * The page after a small move to `virtual` from `page`: the same one while the position is within it
 * or half a page's stretch past its ends (so scrolling back and forth over a border does not move the
 * element each time), else the page the position belongs to.
 */
export function pageAfterStep(plan: ScrollPlan, page: number, virtual: number): number {
  const margin = (plan.pageSize - plan.pageShift) / 2
  const start = page * plan.pageSize
  if (virtual >= start - margin && virtual <= start + plan.pageSize + margin) return page
  return pageOf(plan, virtual)
}

export interface ScrollPlace {
  page: number
  /** The list's position. */
  virtual: number
  /** The element's position. */
  physical: number
}

/**
 * Where the list is after the element scrolled from `from` to `physical`: a move longer than the
 * viewport is a jump (the thumb, the End key on the region itself), anything shorter a step that keeps
 * real pixels. At the element's top or bottom edge the list is at its first or last row, whatever the
 * page was. When `physical` of the answer differs from the element's, the element must be moved there.
 */
export function followScroll(
  plan: ScrollPlan,
  from: ScrollPlace,
  physical: number,
  viewport: number,
): ScrollPlace {
  if (!isScaled(plan)) return { page: 0, virtual: physical, physical }
  const physicalMax = Math.max(plan.physical - viewport, 0)
  let page: number
  let virtual: number
  if (physical <= 0) {
    page = 0
    virtual = 0
  } else if (physical >= physicalMax - 0.5) {
    page = plan.pages - 1
    virtual = physical + shiftOf(plan, page)
  } else if (Math.abs(physical - from.physical) > viewport) {
    page = pageForJump(plan, physical)
    virtual = physical + shiftOf(plan, page)
  } else {
    virtual = physical + shiftOf(plan, from.page)
    page = pageAfterStep(plan, from.page, virtual)
  }
  return { page, virtual, physical: virtual - shiftOf(plan, page) }
}

/** Where to put the element to show the list at `virtual`, staying on `page` when it holds it. */
export function placeFor(plan: ScrollPlan, page: number, virtual: number, viewport: number): ScrollPlace {
  const clamped = Math.min(Math.max(virtual, 0), Math.max(plan.total - viewport, 0))
  const next = isScaled(plan) ? pageAfterStep(plan, clampPage(plan, page), clamped) : 0
  return { page: next, virtual: clamped, physical: clamped - shiftOf(plan, next) }
}
