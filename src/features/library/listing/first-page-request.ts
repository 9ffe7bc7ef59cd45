/**
 * The request for the file list's first page that the page's HTML starts on every visit
 * (`public/assets/start-app.js`, a static file the Content-Security-Policy allows, which keeps the
 * request of `pageRequest(0)`: tests/src/app/start-app-script.test.ts holds it to it), so that the
 * request is on its way while the app's script downloads (decisions 0038, 0077). It is left on `window`
 * under FIRST_PAGE_GLOBAL, a name the script has from src/lib/storage-names.ts.
 */
import { FIRST_PAGE_GLOBAL } from '../../../lib/storage-names'

type Scope = Record<string, unknown>

/**
 * The first page's request the HTML started, taken once; null when it started none (no workers, or a
 * script that has not run yet). Either way a script running after this asks
 * for nothing: the app asks itself.
 */
export function takeStartedFirstPage(): Promise<Response> | null {
  if (typeof window === 'undefined') return null
  const scope = window as unknown as Scope
  const started = scope[FIRST_PAGE_GLOBAL]
  scope[FIRST_PAGE_GLOBAL] = null
  return started instanceof Promise ? (started as Promise<Response>) : null
}
