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

/** What held the focus when a dialog was last asked for (noteDialogOrigin), and when, until one opens. */
let origin: { element: Element | null; at: number } | null = null
/** How long a noted origin stands: a dialog's code is in by then, or it stands for no dialog. */
const ORIGIN_STANDS_MS = 30_000

/**
 * Notes what holds the focus as a dialog is asked for (a command's `open`): by the time a dialog whose
 * code loads on first use opens, the focus may have left that button for the page itself, and the
 * dialog would hand it back there.
 */
export function noteDialogOrigin(): void {
  origin = { element: document.activeElement, at: Date.now() }
}

/** What a dialog opening now hands the focus back to: what holds it, or else what asked for it. */
function openerNow(): Element | null {
  const active = document.activeElement
  const noted = origin !== null && Date.now() - origin.at <= ORIGIN_STANDS_MS ? origin.element : null
  origin = null
  const lost = active === null || active === document.body
  return lost && noted instanceof HTMLElement && noted.isConnected ? noted : active
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
        opener.current = openerNow()
      },
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault()
        restoreFocus(opener.current)
      },
    }),
    [],
  )
}
