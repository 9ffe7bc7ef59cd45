import { Check, ChevronDown } from 'lucide-react'
import { Select as RadixSelect } from 'radix-ui'

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

interface SelectProps {
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

function item(option: SelectOption) {
  return (
    <RadixSelect.Item
      key={option.value}
      value={option.value}
      className="select__item"
      style={option.depth ? { paddingLeft: `${String(1.75 + option.depth)}rem` } : undefined}
    >
      <RadixSelect.ItemIndicator className="select__indicator">
        <Check size={14} aria-hidden="true" />
      </RadixSelect.ItemIndicator>
      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
    </RadixSelect.Item>
  )
}

/** A labelled Radix select: keyboard, typeahead and focus handling come from the primitive. */
export function Select({
  label,
  value,
  onValueChange,
  options,
  groups = [],
  placeholder,
  id,
  className,
  disabled,
}: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger id={id} className={`select ${className ?? ''}`} aria-label={label}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select__icon">
          <ChevronDown size={16} aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="select__viewport">
            {options.map(item)}
            {groups.map((group) => (
              <RadixSelect.Group key={group.label} className="select__group">
                <RadixSelect.Label className="select__group-label">{group.label}</RadixSelect.Label>
                {group.options.map(item)}
              </RadixSelect.Group>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
