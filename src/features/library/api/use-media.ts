import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { libraryEngine } from '../engine/use-library-engine'
import { applyChange, type MediaCache, type RecordsChange } from '../../../lib/record-changes'
import { useStoreInTransition } from '../../../lib/use-store-in-transition'
import { connectListing } from '../listing/early-start'
import { ListingStore, type ListingProgress } from '../listing/listing-store'
import { ShownVersion } from './shown-version'

/**
 * While the page is visible, the list is asked for again this often: each unchanged page answers 304,
 * so other tabs' and other people's edits arrive for the price of a few empty answers.
 */
const REVALIDATE_EVERY_MS = 60_000

interface Pending {
  key: number
  change: RecordsChange
}

export type MediaStatus =
  | { kind: 'loading' }
  | { kind: 'failed'; error: Error }
  | {
      kind: 'ready'
      /** Pages still arriving: how many files are in so far, and how many there were last time. */
      progress: ListingProgress | null
      error: Error | undefined
    }

/**
 * The whole file list (`GET /api/media-pages`), fetched, decoded and kept off the main thread by the
 * listing worker: the list kept from the last visit shows at once, then every page is asked for again
 * at the same time. The list is asked for again when the page comes back into view, every minute while
 * it is visible. A refused page (401) drops what is kept, so a new sign-in, which always follows one,
 * starts from the server.
 */
function useMediaListing() {
  const [store] = useState(() => new ListingStore(connectListing))
  // Each page landing renders as a transition, in slices (see useStoreInTransition).
  const snapshot = useStoreInTransition(store.subscribe, store.getSnapshot)
  useEffect(() => {
    void store.load()
    const revalidate = () => {
      if (document.visibilityState === 'visible') void store.revalidate()
    }
    document.addEventListener('visibilitychange', revalidate)
    const timer = setInterval(revalidate, REVALIDATE_EVERY_MS)
    return () => {
      document.removeEventListener('visibilitychange', revalidate)
      clearInterval(timer)
      store.close()
    }
  }, [store])
  return { ...snapshot, store }
}

/**
 * The file list with its optimistic changes. The listing store holds what the server confirmed; changes
 * in flight are an overlay applied on top, in order. A change that fails leaves the overlay (that is the
 * rollback); one that succeeds writes the server's answer into the store and leaves it. Overlapping
 * changes cannot undo each other (docs/decisions/0022-optimistic-overlay.md).
 */
export function useMedia() {
  const { records: confirmed, progress, error, version, store } = useMediaListing()
  const [pending, setPending] = useState<readonly Pending[]>([])
  const nextKey = useRef(0)

  const records = useMemo<readonly MediaRecord[] | undefined>(
    () => confirmed && pending.reduce((current, { change }) => applyChange(current, change), confirmed),
    [confirmed, pending],
  )
  // Read when a change settles, after the render that showed it.
  const storeRef = useRef(store)
  useEffect(() => {
    storeRef.current = store
  }, [store])

  const change = useCallback<MediaCache['change']>(async (request, optimistic, settle) => {
    const key = nextKey.current++
    setPending((current) => [...current, { key, change: optimistic }])
    // The library's engine holds the records: the change is laid over them there too.
    const engine = libraryEngine()
    engine?.change(key, optimistic)
    let confirmed: RecordsChange | null = null
    try {
      const result = await request()
      confirmed = settle(result)
      // An empty store is a load that failed: writing into it would hide the failed screen.
      storeRef.current.apply(confirmed)
      return result
    } finally {
      engine?.settle(key, confirmed)
      setPending((current) => current.filter((entry) => entry.key !== key))
    }
  }, [])

  const [shown] = useState(() => new ShownVersion())
  const markShown = useCallback(
    (drawn: number) => {
      shown.mark(drawn)
    },
    [shown],
  )
  // Resolves when the screen shows the reloaded list: see ShownVersion.
  const reload = useCallback(async () => {
    await storeRef.current.revalidate()
    await shown.reached(storeRef.current.getSnapshot().version)
  }, [shown])

  const cache = useMemo<MediaCache>(() => ({ change, reload }), [change, reload])

  const status: MediaStatus =
    records === undefined
      ? error === undefined
        ? { kind: 'loading' }
        : { kind: 'failed', error }
      : { kind: 'ready', progress, error }

  /** `version` is the list `records` was made from; the screen reports it drawn with `markShown`. */
  return { records, status, cache, version, markShown }
}
