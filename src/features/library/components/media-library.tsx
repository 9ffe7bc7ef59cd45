import type { ReactNode } from 'react'

import { ErrorState } from '../../../components/ui/error-state'
import { Spinner } from '../../../components/ui/spinner'
import { useConnection } from '../../../lib/connectivity'
import type { MediaStatus } from '../api/use-media'

/** Spec section 4: a failed load shows this message, and the sample files stand in behind it. */
export const LOAD_FAILED_MESSAGE = 'Failed to load files. Please try again.'

interface MediaLibraryProps {
  status: MediaStatus
  onRetry: () => void
  /** The main screen; rendered with the sample files when the load failed. */
  children: ReactNode
}

/** The screen states of spec section 2: loading, error (with the samples behind it), main. */
export function MediaLibrary({ status, onRetry, children }: MediaLibraryProps) {
  const connection = useConnection()
  if (status.kind === 'loading') return <Spinner label="Loading files..." />
  // A page after the first failing still fails the load: the user must know the list is incomplete. But
  // with files on screen, an outage is the connection line's to say, once: it already says the screen
  // retries, and everything is fetched again when the server answers.
  const failed = status.kind === 'failed' || (status.error !== undefined && connection === 'online')
  return (
    <>
      {failed && <ErrorState message={LOAD_FAILED_MESSAGE} onRetry={onRetry} />}
      {children}
    </>
  )
}
