import type { Role } from '../../contract/roles'
import type { TokenScope } from '../../contract/roles'

/** The roles as the People page names them, with what each adds (roles.ts describes them). */
export const ROLE_WORDS = {
  viewer: 'Viewer: browse, preview, download',
  editor: 'Editor: and upload, edit, move, delete',
  admin: 'Admin: and people, purge, settings',
} as const satisfies Record<Role, string>

/** The token scopes as the Tokens page names them. */
export const SCOPE_WORDS = {
  read: 'Read: as a viewer',
  write: 'Write: as an editor',
  admin: 'Admin: as an admin',
} as const satisfies Record<TokenScope, string>
