import type { ReactNode } from 'react'
import { SWRConfig, type Middleware, type SWRConfiguration } from 'swr'

import { preloadLazyParts } from '../components/ui/lazy-load'
import { preloadToasts, Toasts } from '../components/ui/toast'
import { afterFirstScreen } from '../lib/first-screen-gate'
import { runWhenIdle } from '../lib/when-idle'
import { useThemeChoice } from './theme'

let preloadScheduled = false

/** How long the dialogs' code waits for a library still arriving before it loads all the same. */
export const PRELOAD_WHILE_ARRIVING_MS = 10_000

/**
 * Called once the library is in, or has taken PRELOAD_WHILE_ARRIVING_MS to arrive (the screen calls it):
 * in the first idle moment after, the code of every dialog and of the toast layer loads, so neither
 * depends on the server later, and neither slows the first paint or the library's load.
 */
export function preloadOnceIdle(): void {
  if (preloadScheduled) return
  preloadScheduled = true
  runWhenIdle(() => {
    preloadToasts()
    preloadLazyParts()
  })
}

/**
 * Every SWR call (folders, access status, the Trash count, Webflow) waits for the file list's first
 * screen (first-screen-gate.ts): at start they would compete with it; later the wait is over at once.
 */
const afterTheFirstScreen: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(
    key,
    fetcher === null ? null : (...args: unknown[]) => afterFirstScreen().then(() => fetcher(...args)),
    config,
  )

/** Everything the screen needs around it; tests pass their own SWR cache so each starts empty. */
export function Providers({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  // Toasts follow the page's theme; 'system' lets sonner follow the system as the page does.
  const theme = useThemeChoice()
  return (
    <SWRConfig value={{ shouldRetryOnError: false, use: [afterTheFirstScreen], ...swr }}>
      {children}
      <Toasts position="bottom-right" richColors closeButton duration={6000} theme={theme} />
    </SWRConfig>
  )
}
