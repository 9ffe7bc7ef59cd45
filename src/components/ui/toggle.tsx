import type { ReactNode } from 'react'

interface ToggleProps {
  pressed: boolean
  onPressedChange: (pressed: boolean) => void
  className?: string
  'aria-label'?: string
  title?: string
  children: ReactNode
}

/**
 * A pressed-state button (`aria-pressed`, and `data-state` on or off for the styles): what a Radix
 * Toggle renders, without loading Radix with the page.
 */
export function Toggle({ pressed, onPressedChange, children, ...rest }: ToggleProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-pressed={pressed}
      data-state={pressed ? 'on' : 'off'}
      onClick={() => {
        onPressedChange(!pressed)
      }}
    >
      {children}
    </button>
  )
}
