import { startTransition, useLayoutEffect, useState, type RefObject } from 'react'

import { watchWidth } from './watch-width'

/**
 * The element's content width, kept current by the shared ResizeObserver (0 until measured). The first
 * width is set before paint, so the first cards wait for nothing; a later change (the window or the
 * sidebar resized) renders as a transition, in slices that yield to the browser, rather than as one
 * synchronous render of every card in view.
 */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    return watchWidth(element, () => {
      const next = element.clientWidth
      startTransition(() => {
        setWidth(next)
      })
    })
  }, [ref])
  return width
}
