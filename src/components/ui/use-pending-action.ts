import { useCallback, useState } from 'react'

import { errorMessage } from '../../lib/api-errors'

/**
 * A form's or a list row's call to the server, as its controls and its error line see it: `run` marks
 * it pending and forgets the last error, then runs `work`; a failure leaves the server's own words (or
 * `fallback` when there are none) in `error`, for `FormError` to show. `run` answers whether `work`
 * went through, for what follows only a success (closing a dialog). `setError` says what is wrong
 * before any call (a field left empty).
 */
export function usePendingAction() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = useCallback(async (work: () => Promise<unknown>, fallback: string): Promise<boolean> => {
    setPending(true)
    setError(null)
    try {
      await work()
      return true
    } catch (failure) {
      setError(errorMessage(failure, fallback))
      return false
    } finally {
      setPending(false)
    }
  }, [])
  return { pending, error, setError, run }
}
