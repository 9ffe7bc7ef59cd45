/**
 * The file list's first screen goes first. On a page that starts the listing early (the entry's
 * `startListingEarly`), the screen's other calls at start (folders, access status, the Trash count,
 * Webflow's status and Sync all: every SWR call, through `afterFirstScreen` in the app's SWR settings)
 * and, on a first visit, the library's other pages wait until the screen has drawn the first page and
 * painted it, or the first page has failed, so that they compete with it neither for the connection nor,
 * where the server shares the machine (netlify dev), for the cores (decisions 0038, 0062). Nothing
 * waits on a page that did not start it (tests, browsers without workers), nor longer than
 * `WAIT_AT_MOST_MS`.
 */
export const WAIT_AT_MOST_MS = 5_000

let held: Promise<void> | null = null
let opened = false
let open: () => void = () => {
  opened = true
}

/** From now on, the other calls wait for the first screen (or `WAIT_AT_MOST_MS`). */
export function holdForFirstScreen(): void {
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

/** The first page will not be drawn (it failed, or there is none to show): the other calls may go. */
export function releaseFirstScreen(): void {
  open()
}

/** The longest the other calls wait for the page to be idle once the first screen is drawn. */
const IDLE_WITHIN_MS = 500

/**
 * The screen has committed its first page's results (cards, or what it says instead): the other calls
 * go once the page is idle, that is once that frame is painted and what the screen draws right after it
 * (the rows around the view, in a transition) is too, not while the browser still lays it out.
 */
export function firstScreenDrawn(): void {
  if (opened) return
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    open()
    return
  }
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(open, { timeout: IDLE_WITHIN_MS })
    return
  }
  // Without idle callbacks (Safari): a frame's callbacks run before its paint, a task queued from one
  // after it.
  requestAnimationFrame(() => {
    setTimeout(open, 0)
  })
}

/** Resolves once the other calls may go: at once where the listing was not started early. */
export function afterFirstScreen(): Promise<void> {
  return opened || held === null ? Promise.resolve() : held
}
