/**
 * The request for the file list's first page that the page's HTML starts on every visit
 * (`public/startup/start-app.js`, a static file the Content-Security-Policy allows, which keeps the
 * request of `pageRequest(0)`: tests/src/app/start-app-script.test.ts holds it to it), so that the
 * request is on its way while the app's script downloads (decisions 0038, 0077). It is left on `window`
 * under FIRST_PAGE_GLOBAL, a name the script has from src/lib/storage-names.ts.
 */
import { FIRST_PAGE_GLOBAL, KEPT_LOOKUP_GLOBAL } from '../../../lib/storage-names'

type Scope = Record<string, unknown>

/** What the HTML left under `name`, taken once (a later script then starts nothing); null: nothing. */
function takeStarted<T>(name: string): Promise<T> | null {
  if (typeof window === 'undefined') return null
  const scope = window as unknown as Scope
  const started = scope[name]
  scope[name] = null
  return started instanceof Promise ? (started as Promise<T>) : null
}

/**
 * The first page's request the HTML started, taken once; null when it started none (no workers, or a
 * script that has not run yet). Either way a script running after this asks
 * for nothing: the app asks itself.
 */
export function takeStartedFirstPage(): Promise<Response> | null {
  return takeStarted(FIRST_PAGE_GLOBAL)
}

/**
 * The HTML's look for a kept library (whether its manifest is there), taken once; null when it started
 * none (no workers, no private file system or Web Locks, or a script that has not run yet).
 */
export function takeStartedKeptLookup(): Promise<boolean> | null {
  return takeStarted(KEPT_LOOKUP_GLOBAL)
}
