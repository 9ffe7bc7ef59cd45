import { type ApiTokenSummary, type CreatedToken, type TokenCreate } from '../../../src/contract/people'
import { API_TOKEN_PREFIX } from '../../../src/contract/people-limits'
import {
  narrowerRole,
  OWNER_ID,
  roleIncludes,
  SCOPE_ROLES,
  type Actor,
  type Role,
} from '../../../src/contract/roles'
import { ConflictError, ForbiddenError, NotFoundError } from '../errors'
import type { DocumentStore } from '../storage/document-store'
import { randomId, randomSecret, sha256Hex } from './secret-tokens'
import { changeTeam, readTeam, type StoredPerson, type StoredToken, type Team } from './team-document'

const DAY_MS = 24 * 60 * 60 * 1000

/** How many tokens one person (or the owner's key) may hold, which keeps the team document small. */
export const TOKENS_PER_OWNER = 50

/** How many characters of a token its listing shows: `mfm_` and 8 of its random ones. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8

/** How stale a token's `last_used_at` (and a person's `last_seen_at`) may get before a call writes it. */
export const LAST_USE_PRECISION_MS = 60_000

const OWNER_NAME = 'Owner'

/** Whose tokens the actor holds: a person's own, the owner's key's, none for a token or a link. */
function holderOf(actor: Actor): string | null {
  if (actor.type === 'person') return actor.id
  if (actor.type === 'token') return actor.owner_id
  if (actor.type === 'owner') return OWNER_ID
  return null
}

/**
 * Makes a token for the actor's holder, shown this once. Its scope may be no wider than what the actor
 * acts as: a person's role, or for a token making another, the narrower of that token's scope and its
 * owner's role (403 otherwise). The owner's tokens carry a fingerprint of the owner's key.
 */
export async function createToken(
  documents: DocumentStore,
  actor: Actor,
  { name, scope, expires_in_days }: TokenCreate,
  ownerKey: string,
  now = new Date(),
): Promise<CreatedToken> {
  const holder = holderOf(actor)
  if (holder === null) throw new ForbiddenError('Only a person or the owner can make tokens')
  if (!roleIncludes(actor.role, SCOPE_ROLES[scope])) {
    throw new ForbiddenError(
      `A token's scope may be no wider than your role: you act as ${actor.role}, and ${scope} needs ${SCOPE_ROLES[scope]}`,
    )
  }
  const token = `${API_TOKEN_PREFIX}${randomSecret()}`
  const stored: StoredToken = {
    id: randomId(),
    name,
    scope,
    hash: sha256Hex(token),
    prefix: token.slice(0, PREFIX_LENGTH),
    owner_id: holder,
    ...(holder === OWNER_ID ? { owner_key: ownerKey } : {}),
    created_at: now.toISOString(),
    expires_at:
      expires_in_days === undefined ? null : new Date(now.getTime() + expires_in_days * DAY_MS).toISOString(),
    last_used_at: null,
  }
  const made = await changeTeam(documents, (team) => {
    if (
      holder !== OWNER_ID &&
      !team.people.some((person) => person.id === holder && person.status === 'active')
    )
      throw new NotFoundError('Your account is no longer in the team')
    const held = team.tokens.filter((other) => other.owner_id === holder)
    if (held.length >= TOKENS_PER_OWNER) return { next: undefined, result: false }
    return { next: { ...team, tokens: [...team.tokens, stored] }, result: true }
  })
  if (!made) throw new ConflictError(`You already have ${String(TOKENS_PER_OWNER)} tokens: revoke one first`)
  return { id: stored.id, name, scope, token, prefix: stored.prefix, expires_at: stored.expires_at }
}

function ownerOf(team: Team, token: StoredToken): ApiTokenSummary['owner'] {
  if (token.owner_id === OWNER_ID) return { type: 'owner', id: OWNER_ID, name: OWNER_NAME }
  const person = team.people.find((candidate) => candidate.id === token.owner_id)
  return { type: 'person', id: token.owner_id, name: person?.name ?? person?.email ?? '' }
}

/** The actor's own tokens, or with `all` (admins only: 403 otherwise) everyone's, oldest first. */
export async function listTokens(
  documents: DocumentStore,
  actor: Actor,
  all: boolean,
): Promise<ApiTokenSummary[]> {
  if (all && actor.role !== 'admin') throw new ForbiddenError("Only an admin may list other people's tokens")
  const holder = holderOf(actor)
  const team = await readTeam(documents)
  return team.tokens
    .filter((token) => all || token.owner_id === holder)
    .map((token) => ({
      id: token.id,
      name: token.name,
      scope: token.scope,
      prefix: token.prefix,
      created_at: token.created_at,
      last_used_at: token.last_used_at,
      expires_at: token.expires_at,
      owner: ownerOf(team, token),
    }))
}

/** Revokes a token: one's own, or as an admin anyone's. Another's token is not found for a non-admin. */
export async function revokeToken(documents: DocumentStore, actor: Actor, id: string): Promise<void> {
  const holder = holderOf(actor)
  await changeTeam(documents, (team) => {
    const token = team.tokens.find((candidate) => candidate.id === id)
    if (!token || (token.owner_id !== holder && actor.role !== 'admin'))
      throw new NotFoundError(`Token ${id.slice(0, 40)} not found`)
    return { next: { ...team, tokens: team.tokens.filter((other) => other.id !== id) }, result: undefined }
  })
}

/** What a presented token resolves to, with what the gate needs to keep its last use. */
export interface TokenHolder {
  actor: Extract<Actor, { type: 'token' }>
  token: StoredToken
  person: StoredPerson | null
}

/**
 * The token's actor, or null when no standing token has this value: unknown, revoked, expired, its
 * person removed or not active, or an owner's token made under another key. It acts as the narrower
 * of its scope and its owner's role at this moment, so a lower role narrows it at once.
 */
export function tokenHolder(team: Team, presented: string, ownerKey: string, now: Date): TokenHolder | null {
  if (!presented.startsWith(API_TOKEN_PREFIX)) return null
  const hash = sha256Hex(presented)
  const token = team.tokens.find((candidate) => candidate.hash === hash)
  if (!token) return null
  if (token.expires_at !== null && Date.parse(token.expires_at) <= now.getTime()) return null
  let role: Role
  let person: StoredPerson | null = null
  if (token.owner_id === OWNER_ID) {
    if (token.owner_key !== ownerKey) return null
    role = 'admin'
  } else {
    person = team.people.find((candidate) => candidate.id === token.owner_id) ?? null
    if (person?.status !== 'active') return null
    role = person.role
  }
  const actor = {
    type: 'token' as const,
    id: token.id,
    name: token.name,
    role: narrowerRole(SCOPE_ROLES[token.scope], role),
    owner_id: token.owner_id,
  }
  return { actor, token, person }
}

const stale = (at: string | null, now: Date) =>
  at === null || now.getTime() - Date.parse(at) >= LAST_USE_PRECISION_MS

/** A last use is worth a second of retries at most: the call it rides on waits for it. */
const NOTE_USE_BUDGET = { budgetMs: 1_000 }

/**
 * Notes that a token and its person were just used, at most once a minute each: a call made within
 * the minute writes nothing. Losing a race or failing is harmless (the next call tries again).
 */
export async function noteUse(
  documents: DocumentStore,
  use: { tokenId?: string; personId?: string },
  now: Date,
): Promise<void> {
  await changeTeam(
    documents,
    (team) => {
      const at = now.toISOString()
      const tokenDue = (token: StoredToken) => token.id === use.tokenId && stale(token.last_used_at, now)
      const personDue = (person: StoredPerson) =>
        person.id === use.personId && stale(person.last_seen_at, now)
      if (!team.tokens.some(tokenDue) && !team.people.some(personDue))
        return { next: undefined, result: undefined }
      const next = {
        tokens: team.tokens.map((token) => (tokenDue(token) ? { ...token, last_used_at: at } : token)),
        people: team.people.map((person) => (personDue(person) ? { ...person, last_seen_at: at } : person)),
      }
      return { next, result: undefined }
    },
    NOTE_USE_BUDGET,
  )
}

/** Whether a call now should note its use (the token's or the person's last use is a minute old). */
export function lastUseIsStale(token: StoredToken | null, person: StoredPerson | null, now: Date): boolean {
  return (
    (token !== null && stale(token.last_used_at, now)) || (person !== null && stale(person.last_seen_at, now))
  )
}
