import { Check, Minus } from 'lucide-react'
import { Checkbox as RadixCheckbox } from 'radix-ui'
import type { MouseEvent } from 'react'

interface CheckboxProps {
  /** 'indeterminate' for a select-all whose items are partly selected (read as "mixed"). */
  checked: boolean | 'indeterminate'
  label: string
  /** Receives the click, so callers can read shift for range selection. */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  tabIndex?: number
}

/** A Radix checkbox whose state the caller owns; the click decides (toggle or range), not the primitive. */
export function Checkbox({ checked, label, onClick, tabIndex }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      className="checkbox"
      checked={checked}
      aria-label={label}
      tabIndex={tabIndex}
      onClick={(event) => {
        event.preventDefault()
        event.stopPropagation()
        onClick(event)
      }}
    >
      <RadixCheckbox.Indicator className="checkbox__indicator">
        {checked === 'indeterminate' ? (
          <Minus size={12} strokeWidth={3} aria-hidden="true" />
        ) : (
          <Check size={12} strokeWidth={3} aria-hidden="true" />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  )
}
