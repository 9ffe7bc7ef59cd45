import { useEffect, useRef, type RefObject } from 'react'

/** Elements whose own use of the arrow keys comes first: text fields, lists, sliders and media. */
const USES_ARROWS =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), audio, video, ' +
  '[role="slider"], [role="listbox"], [role="menu"], [role="radiogroup"], [role="tablist"]'

interface ArrowHandlers {
  onPrevious: (() => void) | null
  onNext: (() => void) | null
}

/**
 * Left and Right call `onPrevious` and `onNext` while focus is inside `within`'s dialog (or on the page
 * itself, after the focused element went away), unless the focused element uses the arrows itself.
 */
export function useArrowKeys(within: RefObject<HTMLElement | null>, handlers: ArrowHandlers): void {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      const handler =
        event.key === 'ArrowLeft'
          ? latest.current.onPrevious
          : event.key === 'ArrowRight'
            ? latest.current.onNext
            : null
      if (handler === null) return
      const target = event.target
      if (!(target instanceof Element)) return
      const dialog = within.current?.closest('[role="dialog"]') ?? within.current
      const inside = target === document.body || dialog?.contains(target) === true
      if (!inside || target.closest(USES_ARROWS)) return
      event.preventDefault()
      handler()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [within])
}
