import { Check, Minus } from 'lucide-react'
import type { MouseEvent } from 'react'

interface CheckboxProps {
  /** 'indeterminate' for a select-all whose items are partly selected (read as "mixed"). */
  checked: boolean | 'indeterminate'
  label: string
  /** Receives the click, so callers can read shift for range selection. */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  tabIndex?: number
}

/**
 * A checkbox whose state the caller owns; the click decides (toggle or range). It renders what a Radix
 * checkbox does (a button with the checkbox role, `data-state` for the styles, Space toggles and Enter
 * does not), without loading Radix with the page: cards show one each.
 */
export function Checkbox({ checked, label, onClick, tabIndex }: CheckboxProps) {
  const state = checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked'
  return (
    <button
      type="button"
      role="checkbox"
      className="checkbox"
      aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
      aria-label={label}
      data-state={state}
      tabIndex={tabIndex}
      onKeyDown={(event) => {
        // As a native checkbox: Space toggles, Enter does not.
        if (event.key === 'Enter') event.preventDefault()
      }}
      onClick={(event) => {
        event.preventDefault()
        event.stopPropagation()
        onClick(event)
      }}
    >
      {checked !== false && (
        <span className="checkbox__indicator" data-state={state}>
          {checked === 'indeterminate' ? (
            <Minus size={12} strokeWidth={3} aria-hidden="true" />
          ) : (
            <Check size={12} strokeWidth={3} aria-hidden="true" />
          )}
        </span>
      )}
    </button>
  )
}
