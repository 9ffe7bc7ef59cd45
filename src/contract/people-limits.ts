/**
 * The limits of people, invitations and API tokens, zod-free: the screen's first route (the invitation
 * page) reads them before zod has loaded; people.ts holds the schemas that apply them.
 */

/** A password's least length, in characters (NIST SP 800-63B asks 8; the issue asks 12). */
export const PASSWORD_MIN_LENGTH = 12
/** Long enough for any passphrase; short enough that hashing it costs what hashing any other does. */
export const PASSWORD_MAX_LENGTH = 256

/** How long an invitation link stays valid. */
export const INVITE_DAYS = 7
/** The longest a token may be asked to live; without `expires_in_days` it lives until revoked. */
export const TOKEN_MAX_DAYS = 365

/** What starts every personal API token, so a leaked one is recognisable (and the gate tells it apart). */
export const API_TOKEN_PREFIX = 'mfm_'
