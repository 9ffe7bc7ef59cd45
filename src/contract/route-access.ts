import { roleRank, type Role } from './roles'
import { API_ROUTES, type FunctionName, type RouteName } from './routes'

/**
 * What a call needs to pass the access gate (when `APP_ACCESS_TOKEN` is set):
 * - `open`: no credential; the route checks its own (sign-in, accepting an invitation, a share link);
 * - a role: a credential acting as at least that role (a person's role, a token's narrower scope, the
 *   owner's key always);
 * - `viewer-or-file-link`: as `viewer`, or, for GET and HEAD, a signed link to the one file named.
 */
export type AccessRequirement = 'open' | 'viewer-or-file-link' | Role

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** One requirement for every method of the route, or one per method it serves. */
export type RouteAccess = AccessRequirement | { readonly [M in ApiMethod]?: AccessRequirement }

/**
 * The one table of who may call what: every route of `API_ROUTES`, by method. The compiler refuses a
 * route without a row; `route()` refuses to serve a method its function has no requirement for.
 * The roles are described in roles.ts; the README's roles table follows this one.
 */
export const ROUTE_ACCESS = {
  mediaUsage: 'viewer',
  mediaFile: 'viewer',
  media: 'viewer',
  mediaPages: 'viewer',
  upload: 'editor',
  import: 'editor',
  update: 'editor',
  replace: 'editor',
  delete: 'editor',
  batchUpdate: 'editor',
  batchDelete: 'editor',
  folderList: 'viewer',
  folderCreate: 'editor',
  folderUpdate: 'editor',
  folderDelete: 'editor',
  batchMoveToFolder: 'editor',
  // tus: creating, sending, asking about and abandoning an upload are all part of uploading.
  uploads: 'editor',
  uploadById: 'editor',
  fileWithName: 'viewer-or-file-link',
  file: 'viewer-or-file-link',
  fileLink: 'viewer',
  signedFile: 'viewer-or-file-link',
  image: 'viewer',
  share: { POST: 'editor', DELETE: 'editor' },
  shares: 'viewer',
  sharedFile: 'open',
  access: 'open',
  // A person's own password; the handler refuses any other actor.
  accessPassword: { POST: 'viewer' },
  people: { GET: 'admin', POST: 'admin' },
  peopleAccept: 'open',
  person: { PATCH: 'admin', DELETE: 'admin' },
  // Everyone manages their own tokens; the handlers hold other people's to admins.
  tokens: { GET: 'viewer', POST: 'viewer' },
  token: { DELETE: 'viewer' },
  webflowStatus: 'viewer',
  webflowSyncAll: { GET: 'viewer', POST: 'admin' },
  webflowSync: 'editor',
  trash: 'viewer',
  trashRestore: 'editor',
  trashPurge: 'admin',
  cloudinarySignature: 'editor',
  // The whole log for admins; one file's history (`file_id`) for anyone who sees files: the handler
  // holds a call without `file_id` to admins.
  activity: 'viewer',
  // Webhooks send what changes to other systems: settings, for admins only.
  webhooks: { GET: 'admin', POST: 'admin' },
  webhook: { PATCH: 'admin', DELETE: 'admin' },
  webhookTest: 'admin',
  webhookDeliveries: 'admin',
  webhookDeliveryRetry: 'admin',
  // The API's own description: the same for every site of this version, nothing stored in it.
  openapi: 'open',
  docs: 'open',
  // Any path no function serves: only who may call something learns what does not exist.
  notFound: 'viewer',
} as const satisfies Record<RouteName, RouteAccess>

const STRICTNESS: readonly AccessRequirement[] = ['open', 'viewer-or-file-link', 'viewer', 'editor', 'admin']

const stricter = (a: AccessRequirement, b: AccessRequirement) =>
  STRICTNESS.indexOf(a) >= STRICTNESS.indexOf(b) ? a : b

function requirementOf(access: RouteAccess, method: ApiMethod): AccessRequirement | undefined {
  return typeof access === 'string' ? access : access[method]
}

/**
 * What calling `method` on the route needs (`admin` for a method it does not serve): what the screen
 * asks before it offers a control that makes the call.
 */
export function requirementOfRoute(route: RouteName, method: ApiMethod): AccessRequirement {
  return requirementOf(ROUTE_ACCESS[route], method) ?? 'admin'
}

/**
 * What a call of `method` (HEAD counts as GET) to function `fn` needs: the strictest requirement among
 * the routes reaching it, or null when none of them serves the method. Routes sharing a function agree
 * (tests/src/contract/route-access.test.ts), so "strictest" only ever guards against a slip.
 */
export function requirementFor(fn: FunctionName, method: string): AccessRequirement | null {
  const asked = (method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()) as ApiMethod
  let found: AccessRequirement | null = null
  for (const route of API_ROUTES) {
    if (route.function !== fn) continue
    const requirement = requirementOf(ROUTE_ACCESS[route.name], asked)
    if (requirement !== undefined) found = found === null ? requirement : stricter(found, requirement)
  }
  return found
}

/** The least any method of `fn` needs: what OPTIONS and a method it does not serve are held to. */
export function leastRequirementFor(fn: FunctionName): AccessRequirement {
  let least: AccessRequirement = 'admin'
  for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
    const requirement = requirementFor(fn, method)
    if (requirement !== null && STRICTNESS.indexOf(requirement) < STRICTNESS.indexOf(least))
      least = requirement
  }
  return least
}

/** The role a requirement asks for, or null for `open`. */
export function roleRequired(requirement: AccessRequirement): Role | null {
  if (requirement === 'open') return null
  return requirement === 'viewer-or-file-link' ? 'viewer' : requirement
}

/** Whether an actor of `role` meets `requirement`. */
export function roleMeets(role: Role, requirement: AccessRequirement): boolean {
  const needed = roleRequired(requirement)
  return needed === null || roleRank(role) >= roleRank(needed)
}
