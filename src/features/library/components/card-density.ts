import { useSyncExternalStore } from 'react'

import { DENSITY_STORAGE_KEY } from '../../../lib/storage-names'
import { CARD_DENSITIES, type CardDensity } from './card-geometry'

/**
 * The grid's card density, kept in this browser's localStorage rather than in the URL: it is a
 * preference of the screen it is read on (a phone and a wide monitor want different ones), so it
 * should survive a new visit and a bookmark, and a link sent to someone else should open in their
 * own density rather than the sender's. The URL keeps what a link shows: folder, filters, sort, view.
 * Its key is in src/lib/storage-names.ts.
 */
export const DEFAULT_DENSITY: CardDensity = 'comfortable'

const listeners = new Set<() => void>()
/** A choice storage refused (blocked storage): it still holds in this tab. */
let unsaved: CardDensity | null = null

function isDensity(value: string | null): value is CardDensity {
  return CARD_DENSITIES.some((density) => density === value)
}

function readDensity(): CardDensity {
  if (unsaved !== null) return unsaved
  try {
    const stored = window.localStorage.getItem(DENSITY_STORAGE_KEY)
    return isDensity(stored) ? stored : DEFAULT_DENSITY
  } catch {
    // Storage may be blocked (private modes, strict settings): the default still works.
    return DEFAULT_DENSITY
  }
}

export function setCardDensity(density: CardDensity): void {
  try {
    window.localStorage.setItem(DENSITY_STORAGE_KEY, density)
    unsaved = null
  } catch (error) {
    unsaved = density
    console.warn('The card density could not be saved for the next visit', error)
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab of the screen changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DENSITY_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The current density; every reader re-renders when it changes. */
export function useCardDensity(): CardDensity {
  return useSyncExternalStore(subscribe, readDensity, () => DEFAULT_DENSITY)
}
