import { runWhenIdle } from '../../lib/when-idle'
import { preloadLazyParts } from './lazy-load'
import { preloadToasts } from './toast'

let preloadScheduled = false

/** How long the dialogs' code waits for a library still arriving before it loads all the same. */
export const PRELOAD_WHILE_ARRIVING_MS = 10_000

/**
 * Called once the library is in, or has taken PRELOAD_WHILE_ARRIVING_MS to arrive (the screen calls it):
 * from the first idle moment after, the code of the toast layer and of every dialog loads (a part an idle
 * moment, `preloadLazyParts`), so neither depends on the server later, and neither slows the first paint
 * or the library's load.
 */
export function preloadOnceIdle(): void {
  if (preloadScheduled) return
  preloadScheduled = true
  runWhenIdle(() => {
    preloadToasts()
    preloadLazyParts()
  })
}
