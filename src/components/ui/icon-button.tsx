import type { LucideIcon } from 'lucide-react'
import { Tooltip } from 'radix-ui'
import type { MouseEvent } from 'react'

interface IconButtonProps {
  icon: LucideIcon
  label: string
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  tabIndex?: number
  danger?: boolean
  disabled?: boolean
}

/**
 * An icon-only button, named for screen readers and explained by a tooltip on hover and focus. Needs a
 * `Tooltip.Provider` above it (the list view has one).
 */
export function IconButton({ icon: Icon, label, onClick, tabIndex, danger, disabled }: IconButtonProps) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          className={`icon-button${danger ? ' icon-button--danger' : ''}`}
          aria-label={label}
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
