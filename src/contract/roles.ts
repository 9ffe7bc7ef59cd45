/**
 * People's roles and API tokens' scopes (issue 45), zod-free so the gate and the first route can read
 * them. Each role includes the one before it; each scope stands for one role, so a token never does
 * more than its scope's role nor more than its owner's current role.
 *
 * - `viewer`: browse, preview, download, copy links.
 * - `editor`: and upload, edit, move, rename, replace, delete to the Trash, restore, share, import,
 *   sync one file to Webflow.
 * - `admin`: and purge, people, other people's tokens, settings, Sync all.
 *
 * What each route needs is `ROUTE_ACCESS` (route-access.ts).
 */
export const ROLES = ['viewer', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** The role a scope acts as. */
export const SCOPE_ROLES = { read: 'viewer', write: 'editor', admin: 'admin' } as const satisfies Record<
  TokenScope,
  Role
>

/** The widest scope a role may give its tokens. */
export const ROLE_SCOPES = { viewer: 'read', editor: 'write', admin: 'admin' } as const satisfies Record<
  Role,
  TokenScope
>

export const roleRank = (role: Role): number => ROLES.indexOf(role)

/** Whether `role` includes everything `needed` may do. */
export const roleIncludes = (role: Role, needed: Role): boolean => roleRank(role) >= roleRank(needed)

/** The narrower of two roles: a token acts as the lesser of its scope and its owner's role. */
export const narrowerRole = (a: Role, b: Role): Role => (roleRank(a) <= roleRank(b) ? a : b)

/**
 * Who a request acts as, once the gate has let it in; the activity log records it.
 * - `owner`: `APP_ACCESS_TOKEN` (the bearer header, or a session signed in with it), always an admin;
 *   with the gate off every call is the owner's, with id `local`.
 * - `person`: a session signed in with an email and password; `role` is the person's current role.
 * - `token`: a personal API token; `role` is the narrower of its scope and its owner's current role,
 *   and `owner_id` is its person (or `owner`).
 * - `link`: a signed link to one file (thumbnails, Office previews), which only reads that file.
 */
export type Actor =
  | { type: 'owner'; id: 'owner' | 'local'; name: string; role: 'admin' }
  | { type: 'person'; id: string; name: string; role: Role }
  | { type: 'token'; id: string; name: string; role: Role; owner_id: string }
  | { type: 'link'; id: string; name: string; role: 'viewer' }

export const OWNER_ID = 'owner'
