import { useSWRConfig } from 'swr'

import { dropKeptListing } from '../features/library'
import { reportSignedOut } from '../lib/access'
import { setThemeChoice, useThemeChoice } from './theme'

/**
 * What the screen does once the server has ended its session (decision 0035): drops the listing kept
 * between visits (the kept library, whether or not the browser honoured `Clear-Site-Data`),
 * forgets every list in hand, and asks for the token again. The theme choice, which `Clear-Site-Data`
 * took with the rest of storage, is written back: it is this device's, not the library's.
 */
export function useSignedOut(reloadListing: () => void): () => Promise<void> {
  const { mutate } = useSWRConfig()
  const theme = useThemeChoice()
  return async () => {
    setThemeChoice(theme)
    await dropKeptListing()
    reportSignedOut()
    // Both are refused now (401), which drops the records in hand: the listing's pages and SWR's lists.
    reloadListing()
    await mutate(() => true, undefined, { revalidate: true })
  }
}
