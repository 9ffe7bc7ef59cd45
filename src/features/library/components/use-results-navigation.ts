import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'

import type { FocusRequest } from '../model/focus-after-removal'
import { whenAnswered, type Answer } from '../../../lib/answer'

interface NavigationOptions {
  count: number
  /** Items per visual row: the arrow keys move by this much up and down. */
  columns: number
  /** Items one Page Up/Down moves by. */
  pageSize: number
  container: RefObject<HTMLElement | null>
  /** Brings an item into the rendered window of the virtualizer. */
  scrollToPosition: (position: number) => void
  onToggle: (position: number, range: boolean) => void
  onOpen: (position: number) => void
  /** Where a file is (-1: not shown), to find a requested file. */
  placeOf: (id: number) => Answer<number>
  /** A file to focus once it is shown, such as the one after a deleted file. */
  focusRequest?: FocusRequest | null
}

function target(key: string, from: number, { count, columns, pageSize }: NavigationOptions): number | null {
  switch (key) {
    case 'ArrowRight':
      return columns > 1 ? from + 1 : null
    case 'ArrowLeft':
      return columns > 1 ? from - 1 : null
    case 'ArrowDown':
      return from + columns
    case 'ArrowUp':
      return from - columns
    case 'PageDown':
      return from + pageSize
    case 'PageUp':
      return from - pageSize
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * Roving focus over a virtualized collection: one item is in the tab order, the arrow keys move it
 * (scrolling the item into the window first), Space toggles selection (with shift: a range), Enter opens.
 */
export function useResultsNavigation(options: NavigationOptions) {
  const { count, container, scrollToPosition, onToggle, onOpen, placeOf, focusRequest } = options
  const [active, setActive] = useState(0)
  const pendingFocus = useRef<number | null>(null)
  // A requested file is found by its id: where the library answers from a worker, the place it was
  // found at may change once the answer of a change (the delete it follows) arrives.
  const pendingFile = useRef<number | null>(null)
  const current = Math.min(active, Math.max(count - 1, 0))

  // A requested file is focused like an arrow key's target, as soon as a render shows it in the list
  // (focusing an item makes it the active one: ResultsFrame).
  useEffect(() => {
    if (!focusRequest) return
    const { id } = focusRequest
    if (id === null) return
    whenAnswered(placeOf(id), (position) => {
      if (position < 0 || !focusRequest.take()) return
      pendingFile.current = id
      scrollToPosition(position)
    })
  })

  // The target may only be rendered after the virtualizer reacts to the scroll, so try after every render.
  useEffect(() => {
    const position = pendingFocus.current
    const file = pendingFile.current
    const element =
      file !== null
        ? container.current?.querySelector<HTMLElement>(`[data-file-id="${String(file)}"]`)
        : position !== null
          ? container.current?.querySelector<HTMLElement>(`[data-pos="${String(position)}"]`)
          : null
    if (element) {
      pendingFocus.current = null
      pendingFile.current = null
      element.focus()
    }
  })

  // The file holding the focus stays the one in the tab order when the list around it changes: an
  // answer arriving after the focus went to a file (the one after a delete) moves it to another place.
  useEffect(() => {
    const root = container.current
    if (root === null) return
    const observer = new MutationObserver(() => {
      const focused = document.activeElement
      if (!(focused instanceof HTMLElement) || !root.contains(focused)) return
      const position = Number(focused.dataset.pos ?? Number.NaN)
      if (!Number.isNaN(position)) setActive(position)
    })
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['data-pos'] })
    return () => {
      observer.disconnect()
    }
  }, [container])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const item = event.target instanceof HTMLElement ? event.target : null
    const position = Number(item?.dataset.pos ?? Number.NaN)
    if (Number.isNaN(position)) return
    if (event.key === ' ') {
      event.preventDefault()
      onToggle(position, event.shiftKey)
      return
    }
    if (event.key === 'Enter') {
      event.preventDefault()
      onOpen(position)
      return
    }
    const next = target(event.key, position, options)
    if (next === null || count === 0) return
    event.preventDefault()
    const clamped = Math.min(Math.max(next, 0), count - 1)
    setActive(clamped)
    pendingFile.current = null
    pendingFocus.current = clamped
    scrollToPosition(clamped)
    if (event.shiftKey) onToggle(clamped, true)
  }

  return { active: current, setActive, onKeyDown }
}
