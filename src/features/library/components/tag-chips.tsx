import { useLayoutEffect, useRef, useState } from 'react'

import { chipsThatFit } from '../model/chips-that-fit'
import { useWidth } from './use-width'

/** The gap between chips, as cards.css sets it (0.25rem). */
const CHIP_GAP = 4

interface TagChipsProps {
  tags: readonly string[]
  tabIndex: number
  onPick: (tag: string) => void
}

/**
 * A file's tags on one line, each a button that filters by it. Chips that do not fit whole give way to
 * a "+N" chip naming the rest, instead of a tag cut mid-word. Each chip's width is measured once per
 * list of tags; a change of the line's width only counts again.
 */
export function TagChips({ tags, tabIndex, onPick }: TagChipsProps) {
  const line = useRef<HTMLUListElement>(null)
  const [measured, setMeasured] = useState<{ tags: readonly string[]; widths: number[] } | null>(null)
  const available = useWidth(line)
  const widths = measured?.tags === tags ? measured.widths : null

  // Before the widths are known every chip is drawn; this measures them before the browser paints.
  useLayoutEffect(() => {
    const element = line.current
    if (widths !== null || element === null) return
    const chips = [...element.children].map((chip) => chip.getBoundingClientRect().width)
    setMeasured({ tags, widths: chips })
  }, [tags, widths])

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
