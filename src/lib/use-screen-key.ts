import { useEffect } from 'react'

/** Keys typed into a field, or handled by an open dialog or menu, are theirs, never the screen's. */
export function belongsElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true
  const target = event.target instanceof Element ? event.target : null
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return true
  if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return true
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null
}

/**
 * One screen-wide key, outside text fields and dialogs, tested by its entry in the shortcuts table
 * (src/lib/shortcuts.ts): for a part that answers a key on its own, such as '/' in the search box.
 * `run` returns false when the key had nothing to do, leaving it to the browser.
 */
export function useScreenKey(test: (event: KeyboardEvent) => boolean, run: () => unknown): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (belongsElsewhere(event) || !test(event)) return
      if (run() !== false) event.preventDefault()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [test, run])
}
