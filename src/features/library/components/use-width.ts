import { useLayoutEffect, useState, type RefObject } from 'react'

import { watchWidth } from './watch-width'

/** The element's content width, kept current by the shared ResizeObserver (0 until measured). */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    return watchWidth(element, () => {
      setWidth(element.clientWidth)
    })
  }, [ref])
  return width
}
