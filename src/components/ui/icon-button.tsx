import type { LucideIcon } from 'lucide-react'
import { Tooltip } from 'radix-ui'
import type { MouseEvent } from 'react'

interface IconButtonProps {
  icon: LucideIcon
  /** The tooltip, and the name unless `name` is given. */
  label: string
  /** What a screen reader calls the button, when it says more than the tooltip (which file it acts on). */
  name?: string
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  tabIndex?: number
  danger?: boolean
  disabled?: boolean
}

/**
 * An icon-only button, named for screen readers and explained by a tooltip on hover and focus. Needs a
 * `Tooltip.Provider` above it (the list view has one).
 */
export function IconButton(props: IconButtonProps) {
  const { icon: Icon, label, name = label, onClick, tabIndex, danger, disabled } = props
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          className={`icon-button${danger ? ' icon-button--danger' : ''}`}
          aria-label={name}
          tabIndex={tabIndex}
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation()
            onClick(event)
          }}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={4}>
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
