import { describe, expect, it } from 'vitest'

import { DEFAULT_THEME_CHOICE, isThemeChoice, resolveTheme, THEME_CHOICES } from '../../../src/app/theme'

describe('the theme choice', () => {
  it('is System, Light or Dark, System by default', () => {
    expect(THEME_CHOICES).toEqual(['system', 'light', 'dark'])
    expect(DEFAULT_THEME_CHOICE).toBe('system')
    expect(isThemeChoice('dark')).toBe(true)
    expect(isThemeChoice('sepia')).toBe(false)
    expect(isThemeChoice(null)).toBe(false)
  })

  it("shows the system's theme for System, and the chosen one whatever the system says otherwise", () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
})
