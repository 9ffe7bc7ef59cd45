import { useMemo, useRef } from 'react'

/**
 * Returns focus to `element` after a dialog or menu closes. A card of a virtualized list may have
 * been unmounted meanwhile (scrolled away, or deleted): then the nearest focus fallback takes it.
 */
export function restoreFocus(element: Element | null): void {
  if (element instanceof HTMLElement && element.isConnected) {
    element.focus()
    return
  }
  document.querySelector<HTMLElement>('[data-focus-fallback]')?.focus()
}

/**
 * A modal's focus handlers: remember what held the focus when it opened, and give the focus back to
 * it on close, even when the modal was opened from a menu or a shortcut rather than a trigger.
 */
export function useFocusReturn() {
  const opener = useRef<Element | null>(null)
  return useMemo(
    () => ({
      onOpenAutoFocus: () => {
        opener.current = document.activeElement
      },
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault()
        restoreFocus(opener.current)
      },
    }),
    [],
  )
}
