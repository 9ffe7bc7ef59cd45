/**
 * The request for the file list's first page that the page's HTML starts (`public/assets/start-app.js`,
 * a static file the Content-Security-Policy allows, which keeps these names and the request of
 * `pageRequest(0)`: tests/src/app/start-app-script.test.ts holds it to them), so that the request is on its
 * way while the app's script downloads (decision 0038).
 */
export const FIRST_PAGE_GLOBAL = 'mediaFileManagerFirstPage'

type Scope = Record<string, unknown>

/**
 * The first page's request the HTML started, taken once; null when it started none (a page with a kept
 * first page, no workers, or a script that has not run yet). Either way a script running after this asks
 * for nothing: the app asks itself.
 */
export function takeStartedFirstPage(): Promise<Response> | null {
  if (typeof window === 'undefined') return null
  const scope = window as unknown as Scope
  const started = scope[FIRST_PAGE_GLOBAL]
  scope[FIRST_PAGE_GLOBAL] = null
  return started instanceof Promise ? (started as Promise<Response>) : null
}
