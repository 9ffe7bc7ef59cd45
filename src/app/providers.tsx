import type { ReactNode } from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'

import { preloadLazyParts } from '../components/ui/lazy-load'
import { preloadToasts, Toasts } from '../components/ui/toast'
import { runWhenIdle } from '../lib/when-idle'
import { useThemeChoice } from './theme'

let preloadScheduled = false

/**
 * Called once the library's first page is in (the screen calls it): in the first idle moment after, the
 * code of every dialog and of the toast layer loads, so neither depends on the server later, and neither
 * slows the first paint.
 */
export function preloadOnceIdle(): void {
  if (preloadScheduled) return
  preloadScheduled = true
  runWhenIdle(() => {
    preloadToasts()
    preloadLazyParts()
  })
}

/** Everything the screen needs around it; tests pass their own SWR cache so each starts empty. */
export function Providers({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  // Toasts follow the page's theme; 'system' lets sonner follow the system as the page does.
  const theme = useThemeChoice()
  return (
    <SWRConfig value={{ shouldRetryOnError: false, ...swr }}>
      {children}
      <Toasts position="bottom-right" richColors closeButton duration={6000} theme={theme} />
    </SWRConfig>
  )
}
