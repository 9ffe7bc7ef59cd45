import { Monitor, Moon, Sun } from 'lucide-react'

import { Toggle } from '../components/ui/toggle'
import { setThemeChoice, useThemeChoice, type ThemeChoice } from './theme'

const THEME_OPTIONS: readonly { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
]

/**
 * System, Light or Dark: icon buttons named by their tooltips, the current one pressed, like the card
 * density switch. The choice is kept on this device (theme.ts).
 */
export function ThemeSwitch() {
  const choice = useThemeChoice()
  return (
    <div className="toggle-group theme-switch" role="group" aria-label="Theme">
      {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
        <Toggle
          key={value}
          className="toggle-group__item"
          aria-label={label}
          title={label}
          pressed={choice === value}
          onPressedChange={() => {
            setThemeChoice(value)
          }}
        >
          <Icon size={16} aria-hidden="true" />
        </Toggle>
      ))}
    </div>
  )
}
