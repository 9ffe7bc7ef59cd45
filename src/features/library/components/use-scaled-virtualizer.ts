import {
  elementScroll,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { useLayoutEffect, useReducer, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'

import {
  followScroll,
  isScaled,
  placeFor,
  scrollPlan,
  shiftOf,
  type ScrollPlace,
  type ScrollPlan,
} from '../model/scroll-scale'

/**
 * What the virtualizer scrolls when the list is taller than `MAX_SCROLL_HEIGHT`: an element-like
 * stand-in for the results' scroll area that reports and takes positions in the list's own coordinates
 * and moves the real element by the plan of model/scroll-scale.ts. The rows are drawn `shift` pixels
 * higher than the virtualizer places them; `onShift` re-renders them when that changes.
 */
class ScaledScroller {
  element: HTMLElement | null = null
  plan: ScrollPlan = scrollPlan(0)
  place: ScrollPlace = { page: 0, virtual: 0, physical: 0 }
  private readonly onShift: (sync: boolean) => void

  /** `onShift(sync)`: the rows must be drawn anew, at once when `sync` (from a scroll event). */
  constructor(onShift: (sync: boolean) => void) {
    this.onShift = onShift
  }

  private readonly onScroll = () => {
    this.follow()
  }

  attach(element: HTMLElement | null): this {
    if (element === this.element) return this
    this.element?.removeEventListener('scroll', this.onScroll)
    this.element = element
    element?.addEventListener('scroll', this.onScroll, { passive: true })
    if (element) this.place = placeFor(this.plan, 0, element.scrollTop, element.clientHeight)
    return this
  }

  /** A new height of the list: keeps the list's position and says whether the element must move. */
  setTotal(total: number): void {
    if (total === this.plan.total) return
    this.plan = scrollPlan(total)
    const viewport = this.element?.clientHeight ?? 0
    this.place = placeFor(this.plan, this.place.page, this.place.virtual, viewport)
  }

  /** Moves the element where the plan has it (after a render has laid out the rows for it). */
  settle(): void {
    const element = this.element
    if (element && Math.abs(element.scrollTop - this.place.physical) >= 1) {
      element.scrollTop = this.place.physical
      this.place = { ...this.place, physical: element.scrollTop }
    }
  }

  get shift(): number {
    return shiftOf(this.plan, this.place.page)
  }

  /** Reads the element's position into the list's, moving the element when the page changes. */
  private follow(): void {
    const element = this.element
    if (!element || element.scrollTop === this.place.physical) return
    const before = this.place.page
    this.place = followScroll(this.plan, this.place, element.scrollTop, element.clientHeight)
    if (this.place.page === before) return
    this.onShift(true)
    this.settle()
  }

  // The element surface the virtualizer reads: its offset, size and scroll range, and its events.
  get scrollTop(): number {
    this.follow()
    return this.place.virtual
  }
  get scrollLeft(): number {
    return 0
  }
  get scrollHeight(): number {
    // The list's height, and whatever the scroll area holds past the rows (its bottom padding).
    const beyond = this.element ? Math.max(this.element.scrollHeight - this.plan.physical, 0) : 0
    return this.plan.total + beyond
  }
  get scrollWidth(): number {
    return this.element?.scrollWidth ?? 0
  }
  get clientHeight(): number {
    return this.element?.clientHeight ?? 0
  }
  get clientWidth(): number {
    return this.element?.clientWidth ?? 0
  }
  get ownerDocument(): Document | null {
    return this.element?.ownerDocument ?? null
  }
  get style(): CSSStyleDeclaration | undefined {
    return this.element?.style
  }
  addEventListener(...args: Parameters<HTMLElement['addEventListener']>): void {
    this.element?.addEventListener(...args)
  }
  removeEventListener(...args: Parameters<HTMLElement['removeEventListener']>): void {
    this.element?.removeEventListener(...args)
  }
  scrollTo(options: ScrollToOptions): void {
    const before = this.place.page
    this.place = placeFor(this.plan, this.place.page, options.top ?? 0, this.clientHeight)
    if (this.place.page !== before) this.onShift(false)
    this.settle()
  }
}

interface ScaledOptions {
  count: number
  /** Every row has this height: the list's height is known without measuring. */
  rowHeight: number
  scrollRef: RefObject<HTMLDivElement | null>
  overscan: number
  paddingStart?: number
  scrollPaddingStart?: number
}

export interface ScaledVirtualizer {
  virtualizer: Virtualizer<HTMLDivElement, Element>
  /** The scroll area's height to draw. */
  height: number
  /** How much higher than `start` a row is drawn. */
  shift: number
  /** Whether the list passes `MAX_SCROLL_HEIGHT`, so its scroll area is capped. */
  scaled: boolean
}

/**
 * `useVirtualizer` over rows of one height, in a scroll area that never passes `MAX_SCROLL_HEIGHT`:
 * below it, the virtualizer scrolls the element itself as before; above it, the `ScaledScroller`.
 */
export function useScaledVirtualizer(options: ScaledOptions): ScaledVirtualizer {
  const { count, rowHeight, scrollRef, overscan, paddingStart = 0, scrollPaddingStart = 0 } = options
  const [, rerender] = useReducer((tick: number) => tick + 1, 0)
  const [scroller] = useState(
    () =>
      new ScaledScroller((sync) => {
        // From a scroll event, the rows move with the element in the same frame.
        if (sync) flushSync(rerender)
        else rerender()
      }),
  )
  const total = paddingStart + count * rowHeight
  const plan = scrollPlan(total)
  const scaled = isScaled(plan)
  // The virtualizer is read afresh on every render; nothing here relies on compiler memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count,
    getScrollElement: () =>
      scaled
        ? (scroller.attach(scrollRef.current) as unknown as HTMLDivElement)
        : (scroller.attach(null), scrollRef.current),
    estimateSize: () => rowHeight,
    overscan,
    paddingStart,
    scrollPaddingStart,
    observeElementRect: scaled
      ? (instance, cb: (rect: Rect) => void) =>
          observeElementRect(
            {
              scrollElement: scroller.element,
              targetWindow: instance.targetWindow,
              options: instance.options,
            } as unknown as Virtualizer<HTMLDivElement, Element>,
            cb,
          )
      : observeElementRect,
    scrollToFn: elementScroll,
  })
  // The stand-in's plan follows the count in the render that draws the rows for it.
  if (scaled) scroller.setTotal(total)
  useLayoutEffect(() => {
    if (scaled) scroller.settle()
  })
  return {
    virtualizer,
    height: scaled ? plan.physical : virtualizer.getTotalSize(),
    shift: scaled ? scroller.shift : 0,
    scaled,
  }
}
