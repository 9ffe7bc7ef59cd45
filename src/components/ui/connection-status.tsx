import { useEffect, useRef } from 'react'
import { useSWRConfig } from 'swr'

import { onReconnect, useConnection, type Connection } from '../../lib/connectivity'
import './connection-status.css'

export const CONNECTION_WORDS: Record<Exclude<Connection, 'online'>, string> = {
  offline: "You're offline. Changes will be sent when you're back online.",
  unreachable: "Can't reach the server. Retrying…",
}

/**
 * A line at the top of the page while the browser is offline or the server does not answer. Once the
 * server answers again it goes away, and everything the screen shows is fetched anew (`onBack` for what
 * SWR's key list does not reach, such as the paged file list).
 */
export function ConnectionStatus({ onBack }: { onBack?: () => void }) {
  const connection = useConnection()
  const { mutate } = useSWRConfig()
  const onBackRef = useRef(onBack)
  useEffect(() => {
    onBackRef.current = onBack
  })
  useEffect(
    () =>
      onReconnect(() => {
        void mutate(() => true)
        onBackRef.current?.()
      }),
    [mutate],
  )
  const words = connection === 'online' ? null : CONNECTION_WORDS[connection]
  // The live region is always there, so a screen reader hears the line when it appears; the line itself
  // is the status, present only while there is something to say.
  return (
    <div className="connection-status" aria-live="polite">
      {words && (
        <p role="status" className={`connection-status__line connection-status__line--${connection}`}>
          {words}
        </p>
      )}
    </div>
  )
}
