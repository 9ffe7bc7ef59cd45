type Listener = () => void

const listeners = new WeakMap<Element, Listener>()
let observer: ResizeObserver | null = null

/**
 * Calls `listener` whenever the element's size changes. One observer serves every element, so a grid of
 * cards watching their tag lines costs one, not one each (`useWidth`).
 */
export function watchWidth(element: Element, listener: Listener): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) listeners.get(entry.target)?.()
  })
  listeners.set(element, listener)
  observer.observe(element)
  return () => {
    observer?.unobserve(element)
    listeners.delete(element)
  }
}
