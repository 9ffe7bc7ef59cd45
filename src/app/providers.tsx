import type { ReactNode } from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'

import { Toasts } from '../components/ui/toast'

/** Everything the screen needs around it; tests pass their own SWR cache so each starts empty. */
export function Providers({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, ...swr }}>
      {children}
      <Toasts position="bottom-right" richColors closeButton duration={6000} />
    </SWRConfig>
  )
}
