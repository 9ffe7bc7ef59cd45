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
