type Listener = () => void

const listeners = new WeakMap<Element, Listener>()
let observer: ResizeObserver | null = null
let watched = 0

/**
 * Calls `listener` whenever the element's size changes. One observer serves every element, so a grid of
 * cards watching their tag lines costs one, not one each (`useWidth`); it is let go when the last element
 * stops being watched, and made again for the next.
 */
export function watchWidth(element: Element, listener: Listener): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined
  const current = (observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) listeners.get(entry.target)?.()
  }))
  listeners.set(element, listener)
  current.observe(element)
  watched += 1
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    current.unobserve(element)
    listeners.delete(element)
    watched -= 1
    if (watched === 0 && observer === current) {
      current.disconnect()
      observer = null
    }
  }
}
