import { ChevronDown } from 'lucide-react'

import { lazyWithStandIn, STAND_IN_ATTRIBUTE, type StandInProps } from './lazy-load'
import './select.css'

export interface SelectOption {
  value: string
  label: string
  /** Indentation level, for nested folders. */
  depth?: number
}

/** Options shown under a heading, after the ungrouped `options`. */
export interface SelectGroup {
  label: string
  options: readonly SelectOption[]
}

export interface SelectProps {
  /** The accessible name of the control. */
  label: string
  /** '' shows the placeholder. */
  value: string
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  groups?: readonly SelectGroup[]
  placeholder?: string
  id?: string
  className?: string
  disabled?: boolean
}

/** Keys that open a select from its trigger, as Radix's has them. */
const OPENING_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown'])

/** The closed select as Radix draws it, until its code is there. */
export function SelectStandIn(props: SelectProps & StandInProps) {
  const { label, value, options, groups = [], placeholder, id, className, disabled } = props
  const { preload, openOnLoad } = props
  const chosen = [...options, ...groups.flatMap((group) => group.options)].find(
    (option) => option.value === value,
  )
  return (
    <button
      type="button"
      role="combobox"
      id={id}
      className={`select ${className ?? ''}`}
      aria-label={label}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={value === '' ? '' : undefined}
      disabled={disabled}
      {...{ [STAND_IN_ATTRIBUTE]: '' }}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) openOnLoad(event)
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return
        event.preventDefault()
        openOnLoad()
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{value === '' ? placeholder : chosen?.label}</span>
      <span className="select__icon" aria-hidden="true">
        <ChevronDown size={16} aria-hidden="true" />
      </span>
    </button>
  )
}

/**
 * A labelled Radix select: keyboard, typeahead and focus handling come from the primitive, whose code
 * loads on hover, focus or a press of the trigger, or at the first idle moment.
 */
export const Select = lazyWithStandIn<SelectProps>(
  () => import('./select-parts').then((module) => module.RadixSelectControl),
  SelectStandIn,
)
