/**
 * The request to the server that the page's HTML starts on every visit (`public/startup/start-app.js`,
 * a static file the Content-Security-Policy allows), so that it is on its way while the app's script
 * downloads (decisions 0038, 0077, 0083): the first page (`pageRequest(0)`), or with a library kept in
 * this browser what changed since it (`changesRequest` of the kept pages' ETags);
 * tests/src/app/start-app-script.test.ts holds the script to both. It is left on `window` under
 * STARTED_REQUEST_GLOBAL, a name the script has from src/lib/storage-names.ts, beside its look for a
 * kept library, which says which of the two it is.
 */
import { KEPT_LOOKUP_GLOBAL, STARTED_REQUEST_GLOBAL } from '../../../lib/storage-names'

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
 * The request the HTML started, taken once: the first page when its look found no kept library (or
 * could not look), else what changed since it; null when it started none (no workers, or a script that
 * has not run yet). Either way a script running after this asks for nothing: the app asks itself.
 */
export function takeStartedServerRequest(): Promise<Response | null> | null {
  return takeStarted(STARTED_REQUEST_GLOBAL)
}

/**
 * The HTML's look for a kept library (whether its manifest is there), taken once; null when it started
 * none (no workers, no private file system or Web Locks, or a script that has not run yet).
 */
export function takeStartedKeptLookup(): Promise<boolean> | null {
  return takeStarted(KEPT_LOOKUP_GLOBAL)
}
