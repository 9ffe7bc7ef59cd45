import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type RefObject,
} from 'react'
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
import { rowsInView } from '../model/rows-in-view'

/**
 * Where the list is scrolled to when it is taller than `MAX_SCROLL_HEIGHT`: the element's position read
 * into the list's own coordinates, and a position in the list's coordinates put back on the element, by
 * the plan of model/scroll-scale.ts. The rows are drawn `shift` pixels higher than their place in the
 * list; `onShift` re-renders them when that changes.
 */
class ScaledScroller {
  element: HTMLElement | null = null
  plan: ScrollPlan = scrollPlan(0)
  place: ScrollPlace = { page: 0, virtual: 0, physical: 0 }

  /** `onShift(sync)`: the rows must be drawn anew, at once when `sync` (from a scroll event). */
  constructor(private readonly onShift: (sync: boolean) => void) {}

  attach(element: HTMLElement | null): void {
    if (element === this.element) return
    this.element = element
    if (element) this.place = placeFor(this.plan, 0, element.scrollTop, element.clientHeight)
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

  /** The list's position, read from the element (moving it when the page changes). */
  get offset(): number {
    const element = this.element
    if (!element || element.scrollTop === this.place.physical) return this.place.virtual
    const before = this.place.page
    this.place = followScroll(this.plan, this.place, element.scrollTop, element.clientHeight)
    if (this.place.page !== before) {
      this.onShift(true)
      this.settle()
    }
    return this.place.virtual
  }

  scrollTo(top: number): void {
    const before = this.place.page
    this.place = placeFor(this.plan, this.place.page, top, this.element?.clientHeight ?? 0)
    if (this.place.page !== before) this.onShift(false)
    this.settle()
  }
}

interface ScaledOptions {
  count: number
  /** Every row has this height: the list's height is known without measuring. */
  rowHeight: number
  scrollRef: RefObject<HTMLDivElement | null>
  /** Rows drawn beyond each edge of the view. */
  overscan: number
  /** Space above the first row (the list's header). */
  paddingStart?: number
  /** Space at the top of the view a row scrolled to must clear (the list's sticky header). */
  scrollPaddingStart?: number
}

/** A row to draw: its place in the list, and where it starts and ends in the list's coordinates. */
export interface VirtualRow {
  index: number
  key: number
  start: number
  end: number
}

export interface RowWindow {
  /** The rows in view and the overscan around them. */
  getVirtualItems: () => readonly VirtualRow[]
  /** Scrolls the least that brings the row wholly into view. */
  scrollToIndex: (index: number) => void
}

export interface ScaledVirtualizer {
  virtualizer: RowWindow
  /** The scroll area's height to draw. */
  height: number
  /** How much higher than `start` a row is drawn. */
  shift: number
  /** Whether the list passes `MAX_SCROLL_HEIGHT`, so its scroll area is capped. */
  scaled: boolean
}

/**
 * The rows in view of a list whose rows all have one height, in a scroll area that never passes
 * `MAX_SCROLL_HEIGHT`: below it the element's own scroll position is the list's; above it the
 * `ScaledScroller` maps one onto the other. Rows of one height need no measuring, so this replaces a
 * general virtualizer at a fraction of its size on the first route (decision 0046). A render happens
 * only when the range of rows to draw changes, and from a scroll event it happens in the same frame.
 */
export function useScaledVirtualizer(options: ScaledOptions): ScaledVirtualizer {
  const { count, rowHeight, scrollRef, paddingStart = 0, scrollPaddingStart = 0 } = options
  const [, rerender] = useReducer((tick: number) => tick + 1, 0)
  const [scroller] = useState(
    () =>
      new ScaledScroller((sync) => {
        if (sync) flushSync(rerender)
        else rerender()
      }),
  )
  const total = paddingStart + count * rowHeight
  const plan = scrollPlan(total)
  const scaled = isScaled(plan)
  // The stand-in's plan follows the count in the render that draws the rows for it.
  if (scaled) scroller.setTotal(total)
  // Where the view was when the rows to draw last changed: a scroll within them draws nothing new.
  const [view, setView] = useState({ offset: 0, viewport: 0 })
  // The first rows drawn are the ones in view alone; the overscan follows in a render of its own, so the
  // first cards' commit and layout hold only what is seen (decision 0061).
  const [overscanning, setOverscanning] = useState(false)
  const hasRows = count > 0
  const layout = overscanning ? options : { ...options, overscan: 0 }
  const range = rowsInView(layout, view.offset, view.viewport)
  useEffect(() => {
    if (hasRows && !overscanning)
      startTransition(() => {
        setOverscanning(true)
      })
  }, [hasRows, overscanning])

  const latest = useRef({ options: layout, scaled, range })
  useLayoutEffect(() => {
    latest.current = { options: layout, scaled, range }
  })
  const offsetNow = useCallback((): number => {
    const element = scrollRef.current
    if (!element) return 0
    return scroller.element === element ? scroller.offset : element.scrollTop
  }, [scrollRef, scroller])

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const check = (sync: boolean) => {
      scroller.attach(latest.current.scaled ? element : null)
      const offset = offsetNow()
      const viewport = element.clientHeight
      const next = rowsInView(latest.current.options, offset, viewport)
      const drawn = latest.current.range
      if (next?.[0] === drawn?.[0] && next?.[1] === drawn?.[1]) return
      // From a scroll event, the rows move with the element in the same frame.
      if (sync)
        flushSync(() => {
          setView({ offset, viewport })
        })
      else setView({ offset, viewport })
    }
    const onScroll = () => {
      check(true)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            check(false)
          })
    resize?.observe(element)
    // The first render had no element to read the view's height from.
    check(false)
    return () => {
      element.removeEventListener('scroll', onScroll)
      resize?.disconnect()
    }
    // Again when the first rows come (the grid's width known, the list's first files in): the view is
    // read in the commit that draws them, so the frame shows every row in view, not the first alone.
  }, [scrollRef, offsetNow, scroller, hasRows])

  const shift = scaled ? scroller.shift : 0
  useLayoutEffect(() => {
    scroller.attach(scaled ? scrollRef.current : null)
    if (!scaled) return
    scroller.settle()
    // The list just passed the cap: the element was put on the page holding the list's position,
    // whose rows are drawn higher than this render drew them.
    if (scroller.shift !== shift) rerender()
  })

  const from = range?.[0] ?? 0
  const to = range?.[1] ?? -1
  const rows = useMemo(() => {
    const made: VirtualRow[] = []
    for (let index = from; index <= to; index += 1) {
      const start = paddingStart + index * rowHeight
      made.push({ index, key: index, start, end: start + rowHeight })
    }
    return made
  }, [from, to, paddingStart, rowHeight])

  const virtualizer = useMemo<RowWindow>(
    () => ({
      getVirtualItems: () => rows,
      scrollToIndex: (index) => {
        const element = scrollRef.current
        if (!element) return
        const start = paddingStart + index * rowHeight
        const end = start + rowHeight
        const offset = offsetNow()
        const viewport = element.clientHeight
        let top: number | null = null
        if (start < offset + scrollPaddingStart) top = start - scrollPaddingStart
        else if (end > offset + viewport) top = end - viewport
        if (top === null) return
        top = Math.max(0, top)
        if (scroller.element === element) scroller.scrollTo(top)
        else element.scrollTop = top
        // The scroll event draws the rows too, but only after this task; they are wanted now.
        setView({ offset: top, viewport })
      },
    }),
    [rows, scrollRef, paddingStart, rowHeight, scrollPaddingStart, offsetNow, scroller],
  )

  return {
    virtualizer,
    height: scaled ? plan.physical : total,
    shift,
    scaled,
  }
}
