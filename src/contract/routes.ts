/**
 * Every public API route, once: its path pattern, the function in netlify/functions/ it reaches, and
 * which path parts become that function's query. netlify.toml's `[[redirects]]` must say exactly this
 * (tests/src/contract/routes.test.ts), the in-process router of the tests is built from it, and `ENDPOINTS`
 * (endpoints.ts) fills its paths in from it.
 *
 * To add an endpoint: add its function file, a row here (order matters, as in netlify.toml: the first
 * match wins), the same `[[redirects]]` block in netlify.toml, and an `ENDPOINTS` entry if the screen
 * calls it, and its entry in `API_DESCRIPTION` (api-description.ts), which the compiler asks for.
 */

export interface ApiRoute {
  /** What `ENDPOINTS` and `routePath` call the route. */
  name: string
  /**
   * The public path, as netlify.toml's `from` writes it: `:part` takes one path segment, a trailing
   * `/*` any rest (a file name the browser shows, ignored by the function).
   */
  path: string
  /** The function file in netlify/functions/, without `.mts`. */
  function: string
  /**
   * The `:parts` of `path` passed on as the function's query, in the order the rewrite writes them.
   * A rewrite whose target has a query drops the request's own query (tried in netlify dev).
   */
  query?: readonly string[]
  /**
   * The screen calls this function at its own URL, `/.netlify/functions/<function>`, where every
   * function without `config.path` answers too (spec section 7 names that URL for batch move).
   */
  atFunctionUrl?: true
  /** Answers whatever /api path no other route took; it comes last of the /api routes. */
  fallback?: true
}

export const API_ROUTES = [
  // Before every other /api/media route: the first match wins.
  { name: 'mediaUsage', path: '/api/media/:id/usage', function: 'media-usage', query: ['id'] },
  { name: 'mediaFile', path: '/api/media/:id', function: 'media-file', query: ['id'] },
  { name: 'media', path: '/api/media', function: 'media' },
  { name: 'mediaPages', path: '/api/media-pages', function: 'media-pages' },
  { name: 'upload', path: '/api/upload', function: 'upload' },
  { name: 'import', path: '/api/import', function: 'import' },
  { name: 'update', path: '/api/update/:id', function: 'update-file', query: ['id'] },
  { name: 'replace', path: '/api/replace/:id', function: 'replace-file', query: ['id'] },
  { name: 'delete', path: '/api/delete/:id', function: 'delete-file', query: ['id'] },
  { name: 'batchUpdate', path: '/api/batch-update', function: 'batch-update' },
  { name: 'batchDelete', path: '/api/batch-delete', function: 'batch-delete' },
  { name: 'folderList', path: '/api/folder-list', function: 'folder-list' },
  { name: 'folderCreate', path: '/api/folder-create', function: 'folder-create' },
  { name: 'folderUpdate', path: '/api/folder-update/:id', function: 'folder-update', query: ['id'] },
  { name: 'folderDelete', path: '/api/folder-delete/:id', function: 'folder-delete', query: ['id'] },
  {
    name: 'batchMoveToFolder',
    path: '/api/batch-move-to-folder',
    function: 'batch-move-to-folder',
    atFunctionUrl: true,
  },
  { name: 'uploads', path: '/api/uploads', function: 'uploads' },
  { name: 'uploadById', path: '/api/uploads/:id', function: 'uploads', query: ['id'] },
  { name: 'fileWithName', path: '/api/files/:id/*', function: 'files', query: ['id'] },
  { name: 'file', path: '/api/files/:id', function: 'files', query: ['id'] },
  // Signed links name everything in the path, since the rewrite drops the request's own query.
  {
    name: 'fileLink',
    path: '/api/file-link/:purpose/:id/*',
    function: 'file-link',
    query: ['purpose', 'id'],
  },
  {
    name: 'signedFile',
    path: '/api/signed-files/:expires/:signature/:id/*',
    function: 'files',
    query: ['id', 'expires', 'signature'],
  },
  // The id is read from the path: a rewrite with a query of its own would drop w, h, fit, fm and v.
  { name: 'image', path: '/api/image/:id', function: 'image' },
  // One path for both: POST names a file id (create), DELETE a share id (revoke).
  { name: 'share', path: '/api/share/:id', function: 'share', query: ['id'] },
  { name: 'shares', path: '/api/shares', function: 'shares' },
  {
    name: 'sharedFile',
    path: '/api/shared/:share/:signature',
    function: 'shared-file',
    query: ['share', 'signature'],
  },
  { name: 'access', path: '/api/access', function: 'access' },
  { name: 'accessPassword', path: '/api/access/password', function: 'access-password' },
  { name: 'people', path: '/api/people', function: 'people' },
  // Before `person`, which would take `accept` for an id.
  { name: 'peopleAccept', path: '/api/people/accept', function: 'people-accept' },
  { name: 'person', path: '/api/people/:id', function: 'people', query: ['id'] },
  { name: 'tokens', path: '/api/tokens', function: 'tokens' },
  { name: 'token', path: '/api/tokens/:id', function: 'tokens', query: ['id'] },
  { name: 'webflowStatus', path: '/api/webflow-status', function: 'webflow-status' },
  { name: 'webflowSyncAll', path: '/api/webflow-sync-all', function: 'webflow-sync-all' },
  { name: 'webflowSync', path: '/api/webflow-sync/:id', function: 'webflow-sync', query: ['id'] },
  { name: 'trash', path: '/api/trash', function: 'trash-list' },
  { name: 'trashRestore', path: '/api/trash/restore', function: 'trash-restore' },
  { name: 'trashPurge', path: '/api/trash/purge', function: 'trash-delete-forever' },
  { name: 'cloudinarySignature', path: '/api/cloudinary-signature', function: 'cloudinary-signature' },
  { name: 'activity', path: '/api/activity', function: 'activity' },
  { name: 'webhooks', path: '/api/webhooks', function: 'webhooks' },
  { name: 'webhook', path: '/api/webhooks/:id', function: 'webhook', query: ['id'] },
  { name: 'webhookTest', path: '/api/webhooks/:id/test', function: 'webhook-test', query: ['id'] },
  {
    name: 'webhookDeliveries',
    path: '/api/webhooks/:id/deliveries',
    function: 'webhook-deliveries',
    query: ['id'],
  },
  {
    name: 'webhookDeliveryRetry',
    path: '/api/webhooks/:id/deliveries/:delivery/retry',
    function: 'webhook-delivery-retry',
    query: ['id', 'delivery'],
  },
  // This API's OpenAPI document and its reference page (api-description.ts describes every route).
  { name: 'openapi', path: '/api/openapi.json', function: 'openapi' },
  { name: 'docs', path: '/api/docs', function: 'api-docs' },
  { name: 'notFound', path: '/api/*', function: 'api-not-found', fallback: true },
] as const satisfies readonly ApiRoute[]

type Route = (typeof API_ROUTES)[number]
export type RouteName = Route['name']
/** Every function a route reaches. */
export type FunctionName = Route['function']
/** The functions reached by a route of their own, not only by the fallback. */
export type RoutedFunctionName = Exclude<Route, { fallback: true }>['function']

/** Where every function without `config.path` answers, whatever the redirects say. */
export const FUNCTIONS_PATH = '/.netlify/functions/'

/** The `[[redirects]]` blocks netlify.toml must hold, in order; the last serves the app for any other path. */
export function netlifyRedirects(): { from: string; to: string; status: number }[] {
  return [
    ...API_ROUTES.map((route: ApiRoute) => ({ from: route.path, to: rewriteTarget(route), status: 200 })),
    { from: '/*', to: '/index.html', status: 200 },
  ]
}

function rewriteTarget(route: ApiRoute): string {
  const query = (route.query ?? []).map((part) => `${part}=:${part}`).join('&')
  return `${FUNCTIONS_PATH}${route.function}${query ? `?${query}` : ''}`
}

/** The path of a route with its parts filled in (encoded); the splat, if any, is left off. */
export function routePath(name: RouteName, parts: Record<string, string> = {}): string {
  const route = API_ROUTES.find((candidate) => candidate.name === name)
  if (!route) throw new Error(`No route named ${name}`)
  return route.path.replace(/\/\*$/, '').replace(/:(\w+)/g, (_, part: string) => {
    const value = parts[part]
    if (value === undefined) throw new Error(`Route ${name} needs ${part}`)
    return encodeURIComponent(value)
  })
}

/** The fixed start of a route's path, up to its first part: `/api/files/` for `/api/files/:id`. */
export function routePrefix(name: RouteName): string {
  const route = API_ROUTES.find((candidate) => candidate.name === name)
  if (!route) throw new Error(`No route named ${name}`)
  return route.path.replace(/[:*].*$/, '')
}

/** A function's own URL, `/.netlify/functions/<name>`. */
export const functionUrl = (name: FunctionName): string => `${FUNCTIONS_PATH}${name}`

export interface RouteMatch {
  route: ApiRoute
  /** The `query` parts taken from the path, decoded. */
  query: Record<string, string>
}

/**
 * The route that serves `pathname`, as Netlify picks it: the first that matches, and for a route with
 * `atFunctionUrl` its function's own URL too. The fallback matches only with `fallback: true`.
 */
export function matchRoute(pathname: string, options: { fallback?: boolean } = {}): RouteMatch | null {
  for (const route of API_ROUTES as readonly ApiRoute[]) {
    if (route.fallback && !options.fallback) continue
    const match = patternOf(route.path).exec(pathname)
    const atFunctionUrl = route.atFunctionUrl && pathname === functionUrl(route.function as FunctionName)
    if (!match && !atFunctionUrl) continue
    const groups = match?.groups ?? {}
    const query: Record<string, string> = {}
    for (const part of route.query ?? []) query[part] = decodeURIComponent(groups[part] ?? '')
    return { route, query }
  }
  return null
}

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.startsWith(':')) return `(?<${segment.slice(1)}>[^/]+)`
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return new RegExp(`^${source}$`)
}
