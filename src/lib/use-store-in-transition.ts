import { startTransition, useEffect, useState } from 'react'

/**
 * An outside store's snapshot, like `useSyncExternalStore`, except that a change renders as a
 * transition: React renders it in slices, yielding to the browser between them, where
 * `useSyncExternalStore` renders every change at once in one task. For stores whose changes are not
 * answers to the person's own input (pages of the library arriving, the worker's results): typing and
 * clicking stay urgent and go first, and a change never holds the main thread for the whole screen's
 * render. `subscribe`, `getSnapshot` and `answersInput` must keep their identity; a snapshot must not be
 * a function.
 */
export function useStoreInTransition<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  /**
   * Whether the latest change answers the person's own input (a search typed): rendered at once, in
   * one task, rather than in slices that let a frame or two pass before the answer paints.
   */
  answersInput?: () => boolean,
): T {
  const [value, setValue] = useState(getSnapshot)
  useEffect(() => {
    const update = () => {
      const next = getSnapshot()
      if (answersInput?.() === true) {
        setValue(() => next)
        return
      }
      startTransition(() => {
        setValue(() => next)
      })
    }
    const unsubscribe = subscribe(update)
    // A change between the first render and the subscription.
    update()
    return unsubscribe
  }, [subscribe, getSnapshot, answersInput])
  return value
}
