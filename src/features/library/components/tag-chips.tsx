import { useLayoutEffect, useRef, useState } from 'react'

import { chipsThatFit } from '../model/chips-that-fit'
import { watchWidth } from './watch-width'

/** The gap between chips, as cards.css sets it (0.25rem). */
const CHIP_GAP = 4

interface TagChipsProps {
  tags: readonly string[]
  tabIndex: number
  onPick: (tag: string) => void
}

/** The width of each chip on the line, as laid out. */
function chipWidths(line: HTMLElement): number[] {
  return [...line.children].map((chip) => chip.getBoundingClientRect().width)
}

/**
 * A file's tags on one line, each a button that filters by it. Chips that do not fit whole give way to
 * a "+N" chip naming the rest, instead of a tag cut mid-word. Each chip's width is measured once per
 * list of tags; a change of the line's width only counts again.
 *
 * A new card is measured when the shared ResizeObserver first reports its line, after the browser's own
 * layout: reading sizes then costs nothing, where reading them in the commit that mounted a screenful of
 * cards made the browser lay the page out inside that commit, and each card's state change rendered
 * again in the same task. Until then every chip is drawn; the line is one chip high and clips the rest.
 * Tags that change on a card already shown are measured before the browser paints.
 */
export function TagChips({ tags, tabIndex, onPick }: TagChipsProps) {
  const line = useRef<HTMLUListElement>(null)
  const [measured, setMeasured] = useState<{ tags: readonly string[]; widths: number[] } | null>(null)
  const [available, setAvailable] = useState(0)
  const widths = measured?.tags === tags ? measured.widths : null
  const latest = useRef({ tags, widths })
  useLayoutEffect(() => {
    latest.current = { tags, widths }
  })

  useLayoutEffect(() => {
    const element = line.current
    if (element === null) return
    return watchWidth(element, () => {
      setAvailable(element.clientWidth)
      const { tags: current, widths: known } = latest.current
      if (known === null) setMeasured({ tags: current, widths: chipWidths(element) })
    })
  }, [])

  useLayoutEffect(() => {
    const element = line.current
    if (widths !== null || measured === null || element === null) return
    setMeasured({ tags, widths: chipWidths(element) })
  }, [tags, widths, measured])

  const shown = widths === null ? tags.length : chipsThatFit(widths, available, CHIP_GAP)
  const rest = tags.slice(shown)
  return (
    <ul className="card__tags" aria-label="Tags" ref={line}>
      {tags.slice(0, shown).map((tag) => (
        <li key={tag}>
          <button
            type="button"
            className="badge badge--button"
            title={`Show files tagged ${tag}`}
            tabIndex={tabIndex}
            onClick={(event) => {
              event.stopPropagation()
              onPick(tag)
            }}
          >
            {tag}
          </button>
        </li>
      ))}
      {rest.length > 0 && (
        <li
          className="badge badge--more"
          title={rest.join(', ')}
          aria-label={`${String(rest.length)} more: ${rest.join(', ')}`}
        >
          +{rest.length}
        </li>
      )}
    </ul>
  )
}
