import type { MouseEvent } from 'react'

interface BusyButtonProps {
  'aria-disabled'?: true
  onClick: (event: MouseEvent<HTMLElement>) => void
}

/**
 * A button's props while the call it started runs: busy, not disabled. A disabled button drops the focus
 * to the page, so the error line the call may end in, or the dialog it opens, left a keyboard user
 * outside the form, row or panel; a press meanwhile (or Enter in a form's field, which presses the form's
 * submit button) does nothing more. Drawn as disabled (`.button[aria-disabled='true']`, styles.css).
 * `onPress` runs on a press while not busy; a submit button leaves it out and submits its form.
 */
export function busyButton(busy: boolean, onPress?: () => void): BusyButtonProps {
  return {
    'aria-disabled': busy || undefined,
    onClick: (event) => {
      if (busy) event.preventDefault()
      else onPress?.()
    },
  }
}
