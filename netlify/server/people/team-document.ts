import * as z from 'zod'

import { PERSON_STATUSES } from '../../../src/contract/people'
import { ROLES, TOKEN_SCOPES } from '../../../src/contract/roles'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument, type MutateOptions, type Mutation } from '../storage/mutate'

/**
 * The team (decision 0074): every person and every personal API token, in one document, `team`,
 * changed only by compare-and-swap. One document because the rules span people: the last admin, one
 * person per email, a removed person's tokens going with them. A team of 50 with a few tokens each
 * is tens of kilobytes, read once per call made with a person's session or token.
 *
 * Nothing secret is kept: passwords as scrypt hashes (passwords.ts), invitation and API tokens as
 * SHA-256 hashes (high-entropy random strings, so a fast hash is enough).
 */
export const TEAM_KEY = 'team'

const iso = z.iso.datetime()

const storedPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(PERSON_STATUSES),
  created_at: iso,
  /** scrypt hash; absent until the invitation is accepted. */
  password: z.string().optional(),
  /** The pending invitation: the SHA-256 (hex) of its token, and when it stops being valid. */
  invite: z.object({ hash: z.string(), expires_at: iso }).optional(),
  /** Sessions started before this are ended (a lower role, a sign-out everywhere). */
  sessions_from: iso.optional(),
  last_seen_at: iso.nullable(),
})
export type StoredPerson = z.infer<typeof storedPersonSchema>

const storedTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** SHA-256 (hex) of the token. */
  hash: z.string(),
  /** The token's first characters, to tell it apart in a list. */
  prefix: z.string(),
  /** A person's id, or `owner` for a token made with the owner's key. */
  owner_id: z.string(),
  /** For the owner's tokens: a fingerprint of the key they were made under, so a new key ends them. */
  owner_key: z.string().optional(),
  created_at: iso,
  expires_at: iso.nullable(),
  last_used_at: iso.nullable(),
})
export type StoredToken = z.infer<typeof storedTokenSchema>

const teamSchema = z.object({ people: z.array(storedPersonSchema), tokens: z.array(storedTokenSchema) })
export type Team = z.infer<typeof teamSchema>

export const EMPTY_TEAM: Team = { people: [], tokens: [] }

export function parseTeam(value: unknown): Team {
  const result = teamSchema.safeParse(value)
  if (!result.success) throw new CorruptDocumentError(`${TEAM_KEY} is not valid`)
  return result.data
}

export async function readTeam(documents: DocumentStore): Promise<Team> {
  const stored = await documents.read(TEAM_KEY)
  return stored ? parseTeam(stored.value) : EMPTY_TEAM
}

/** A compare-and-swap of the team: `apply` sees the current team (empty at first) and may run again. */
export function changeTeam<R>(
  documents: DocumentStore,
  apply: (team: Team) => Mutation<Team, R>,
  options?: MutateOptions,
): Promise<R> {
  return mutateDocument(documents, TEAM_KEY, parseTeam, (current) => apply(current ?? EMPTY_TEAM), options)
}

/** Admins who have accepted their invitation: the ones the team may never run out of. */
export const activeAdmins = (team: Team) =>
  team.people.filter((person) => person.role === 'admin' && person.status === 'active')
