import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'

import { errorMessage, isCodeLoadFailure } from '../../lib/api-errors'
import { ERROR_WORDS } from '../../lib/error-words'
import './lazy-part-states.css'

/**
 * What a lazy dialog shows before it is there: while its code arrives, and when its code or data could
 * not load. Both are drawn without the dialogs' own code (Radix), since that may be what did not arrive:
 * a small modal box of their own, which Escape, Close and a click beside it always close.
 */
interface StandInModalProps {
  /** Read as the box's name. */
  label: string
  /** `alertdialog` for a failure, which is read out as it appears. */
  role: 'dialog' | 'alertdialog'
  onClose: () => void
  children: ReactNode
  /** Made `aria-busy`, while the code arrives. */
  busy?: boolean
  /** The id of the sentence that says what happened. */
  describedBy?: string
}

function StandInModal({ label, role, onClose, children, busy = false, describedBy }: StandInModalProps) {
  const box = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useLayoutEffect(() => {
    close.current = onClose
  })
  // The focus moves into the box and, when it goes (closed, or replaced by the dialog it stood in for),
  // back to what held it: the real dialog then opens from there and hands it back there on close.
  useLayoutEffect(() => {
    const opener = document.activeElement
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        close.current()
        return
      }
      if (event.key === 'Tab') keepTabInside(event, box.current)
    }
    // Captured on the window, before the screen's own shortcuts see the key.
    window.addEventListener('keydown', onKeyDown, true)
    return () => {
      window.removeEventListener('keydown', onKeyDown, true)
    }
  }, [])
  return (
    <div
      className="dialog__overlay part-state__overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) close.current()
      }}
    >
      <div
        ref={box}
        className="part-state"
        role={role}
        aria-modal="true"
        aria-label={label}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
      >
        {children}
      </div>
    </div>
  )
}

/** The Tab key cycles through the box's buttons, as in any modal. */
function keepTabInside(event: KeyboardEvent, box: HTMLElement | null): void {
  if (box === null) return
  const stops = [...box.querySelectorAll<HTMLElement>('button:not(:disabled)')]
  const first = stops[0]
  const last = stops.at(-1)
  if (first === undefined || last === undefined) return
  const inside = box.contains(document.activeElement)
  if (event.shiftKey && (!inside || document.activeElement === first)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
    event.preventDefault()
    first.focus()
  }
}

/** The words of a part still loading: "Opening the Edit dialog…". */
export function openingWords(region: string): string {
  return `Opening the ${region}…`
}

/** A part whose code is on its way: a spinner, and Close. */
export function PartLoading({ region, onClose }: { region: string; onClose: () => void }) {
  const words = openingWords(region)
  return (
    <StandInModal label={words} role="dialog" onClose={onClose} busy>
      <p className="part-state__line" role="status">
        <span className="spinner" aria-hidden="true" />
        {words}
      </p>
      <div className="part-state__actions">
        <button type="button" className="button button--secondary" data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </StandInModal>
  )
}

interface PartFailedProps {
  region: string
  error: Error
  onRetry: () => void
  onClose: () => void
  /** Try again already met the same failure: a fresh page may be the only way to the code (a new deploy). */
  offerReload: boolean
}

/** A part whose code or data could not load: what happened, Try again (a fresh attempt) and Close. */
export function PartFailed({ region, error, onRetry, onClose, offerReload }: PartFailedProps) {
  const messageId = useId()
  const codeMissing = isCodeLoadFailure(error)
  return (
    <StandInModal
      label={`The ${region} could not open`}
      role="alertdialog"
      onClose={onClose}
      describedBy={messageId}
    >
      <p id={messageId} className="part-state__line part-state__line--error">
        {codeMissing
          ? ERROR_WORDS.pageCode
          : `The ${region} could not be shown: ${errorMessage(error, 'an unexpected error')}`}
      </p>
      <div className="part-state__actions">
        {codeMissing && offerReload && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              window.location.reload()
            }}
          >
            Reload the page
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
        <button type="button" className="button" data-autofocus onClick={onRetry}>
          Try again
        </button>
      </div>
    </StandInModal>
  )
}
