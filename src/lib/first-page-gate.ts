/**
 * The file list's first page goes first. On a page that starts the listing early (the entry's
 * `startListingEarly`), the screen's other calls at start (folders, access status, the Trash count,
 * Webflow's status and Sync all: every SWR call, through `afterFirstPage` in the app's SWR settings)
 * wait until the first page has arrived, been shown from the kept copy, or failed, so that they do not
 * compete with it for the connection or, under netlify dev, for the functions (decision 0038). Nothing
 * waits on a page that did not start it (tests, browsers without workers), nor longer than
 * `WAIT_AT_MOST_MS`.
 */
export const WAIT_AT_MOST_MS = 5_000

let held: Promise<void> | null = null
let opened = false
let open: () => void = () => {
  opened = true
}

/** From now on, the other calls wait for `firstPageSettled` (or `WAIT_AT_MOST_MS`). */
export function holdForFirstPage(): void {
  if (held !== null || opened) return
  held = new Promise((resolve) => {
    const timer = setTimeout(() => {
      open()
    }, WAIT_AT_MOST_MS)
    open = () => {
      opened = true
      clearTimeout(timer)
      resolve()
    }
  })
}

/** The first page has arrived, been shown from the kept copy, or failed: the other calls may go. */
export function firstPageSettled(): void {
  open()
}

/** Resolves once the other calls may go: at once where the listing was not started early. */
export function afterFirstPage(): Promise<void> {
  return opened || held === null ? Promise.resolve() : held
}
