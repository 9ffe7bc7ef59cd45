import { useSyncExternalStore } from 'react'

import { THEME_STORAGE_KEY } from '../lib/storage-names'

/**
 * The colour theme: the system's (the default), or light or dark whatever the system says. Kept in this
 * browser's localStorage, like the card density: it belongs to the screen it is read on, not to a link.
 *
 * The page shows the resolved theme as `data-theme` on <html>, which styles.css turns into colours, and
 * as `color-scheme`, which darkens the browser's own parts (scroll bars, date pickers). The first paint
 * has it from public/startup/theme-init.js, a classic script in the page's head that reads the same key
 * (src/lib/storage-names.ts; the app's module runs too late for that); the app applies it again as it
 * starts (theme-init.ts).
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
export type Theme = Exclude<ThemeChoice, 'system'>
export const DEFAULT_THEME_CHOICE: ThemeChoice = 'system'

const DARK_QUERY = '(prefers-color-scheme: dark)'

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.some((choice) => choice === value)
}

/** The theme a choice shows, given whether the system asks for dark. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light'
  return choice
}

const listeners = new Set<() => void>()
/** A choice storage refused (blocked storage): it still holds in this tab. */
let unsaved: ThemeChoice | null = null

export function readThemeChoice(): ThemeChoice {
  if (unsaved !== null) return unsaved
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY)
    return isThemeChoice(stored) ? stored : DEFAULT_THEME_CHOICE
  } catch {
    // Storage may be blocked (private modes, strict settings): the system's theme still works.
    return DEFAULT_THEME_CHOICE
  }
}

/** The system's preference; a browser without matchMedia (a test's DOM) counts as light. */
function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
}

/** Shows the stored choice on <html>. */
export function applyTheme(): void {
  const theme = resolveTheme(readThemeChoice(), darkQuery()?.matches ?? false)
  const root = document.documentElement
  root.dataset.theme = theme
  root.style.colorScheme = theme
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice)
    unsaved = null
  } catch (error) {
    unsaved = choice
    console.warn('The theme could not be saved for the next visit', error)
  }
  applyTheme()
  for (const listener of listeners) listener()
}

/** Another tab changed the choice, or the system changed its theme: show it, and tell the readers. */
function onOutsideChange(): void {
  applyTheme()
  for (const listener of listeners) listener()
}

function onStorage(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY) onOutsideChange()
}

/** Follows the system and other tabs for the life of the page (they change the theme shown, not only the switch). */
export function followThemeChanges(): void {
  darkQuery()?.addEventListener('change', onOutsideChange)
  window.addEventListener('storage', onStorage)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The current choice; every reader re-renders when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => DEFAULT_THEME_CHOICE)
}
