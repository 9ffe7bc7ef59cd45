import { useEffect, useState } from 'react'

import { useStoreInTransition } from '../../../lib/use-store-in-transition'
import { ListingStore } from '../listing/listing-store'
import { connectListing } from '../listing/worker-handover'

export { MEDIA_PAGE_MARK } from '../listing/listing-store'

/**
 * While the page is visible, the list is asked for again this often: each unchanged page answers 304,
 * so other tabs' and other people's edits arrive for the price of a few empty answers.
 */
export const REVALIDATE_EVERY_MS = 60_000

/**
 * The whole file list (`GET /api/media-pages`), fetched, decoded and kept off the main thread by the
 * listing worker: the list kept from the last visit shows at once, then every page is asked for again
 * at the same time. The list is asked for again when the page comes back into view, every minute while
 * it is visible. A refused page (401) drops what is kept, so a new sign-in, which always follows one,
 * starts from the server.
 */
export function useMediaListing() {
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
