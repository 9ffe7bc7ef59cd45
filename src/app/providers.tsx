import type { ReactNode } from 'react'
import { SWRConfig, type Middleware, type SWRConfiguration } from 'swr'

import { Toasts } from '../components/ui/toast'
import { afterFirstScreen } from '../lib/first-screen-gate'
import { useThemeChoice } from './theme'

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
