import { Check, ChevronDown } from 'lucide-react'
import { Select as RadixSelect } from 'radix-ui'

import type { LoadedProps } from './lazy-load'
import type { SelectOption, SelectProps } from './select'

// The Radix side of select.tsx, loaded after the first page.

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
export function RadixSelectControl({
  label,
  value,
  onValueChange,
  options,
  groups = [],
  placeholder,
  id,
  className,
  disabled,
  defaultOpen,
}: SelectProps & LoadedProps) {
  return (
    <RadixSelect.Root
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      defaultOpen={defaultOpen}
    >
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
