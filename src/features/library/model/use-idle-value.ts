import { useEffect, useState } from 'react'

import { whenIdle } from './sliced-work'

/**
 * `compute()`, made once the page is idle after a render, and `initial` (or the last value made) until
 * then: for values the first screen does not show, so that mounting 100,000 files does not wait for
 * them. `compute` must be stable (useCallback): a new function is a new value to make.
 */
export function useIdleValue<T>(compute: () => T, initial: T): T {
  const [value, setValue] = useState(initial)
  useEffect(
    () =>
      whenIdle(() => {
        setValue(compute())
        return true
      }),
    [compute],
  )
  return value
}
