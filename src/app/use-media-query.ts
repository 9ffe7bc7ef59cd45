import { useSyncExternalStore } from 'react'

/**
 * Below this width the folder sidebar becomes a drawer. The same width appears in styles.css, where
 * the toolbar and the sidebar follow it.
 */
export const NARROW_SCREEN = '(width < 48rem)'

/** Whether the media query matches now; re-renders when that changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => {
        list.removeEventListener('change', onChange)
      }
    },
    () => window.matchMedia(query).matches,
  )
}
