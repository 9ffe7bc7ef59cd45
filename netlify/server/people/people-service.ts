import {
  type AcceptedPerson,
  type InviteAccept,
  type InvitedPerson,
  type Person,
  type PersonInvite,
} from '../../../src/contract/people'
import { INVITE_DAYS } from '../../../src/contract/people-limits'
import { inviteUrl } from '../../../src/contract/people-paths'
import { roleRank, type Role } from '../../../src/contract/roles'
import { ConflictError, GoneError, InvalidInputError, NotFoundError } from '../errors'
import type { DocumentStore } from '../storage/document-store'
import { hashPassword } from './passwords'
import { passwordProblem } from './password-rules'
import { randomId, randomSecret, sha256Hex } from './secret-tokens'
import { activeAdmins, changeTeam, readTeam, type StoredPerson, type Team } from './team-document'

const DAY_MS = 24 * 60 * 60 * 1000

export const PEOPLE_MESSAGES = {
  inviteInvalid: 'This invitation is not valid: it was used already, withdrawn, or not copied whole',
  inviteExpired: `This invitation has expired (they last ${String(INVITE_DAYS)} days): ask for a new one`,
  lastAdmin: 'The last admin cannot be removed or given another role: make someone else an admin first',
} as const

const personNotFound = (id: string) => new NotFoundError(`Person ${id.slice(0, 40)} not found`)

/** What `GET /api/people` shows of a person: never the password hash nor the invitation. */
export function publicPerson(person: StoredPerson): Person {
  const { id, email, name, role, status, last_seen_at } = person
  return { id, email, name, role, status, last_seen_at }
}

/**
 * Invites `email` as `role`: a person with status `invited` and a one-time token valid `INVITE_DAYS`
 * days, whose hash alone is kept. Inviting again someone not yet in replaces their invitation (the old
 * link stops working); someone already in is a 409.
 */
export async function invitePerson(
  documents: DocumentStore,
  { email, role }: PersonInvite,
  origin: string,
  now = new Date(),
): Promise<InvitedPerson> {
  const token = randomSecret()
  const invite = {
    hash: sha256Hex(token),
    expires_at: new Date(now.getTime() + INVITE_DAYS * DAY_MS).toISOString(),
  }
  const person = await changeTeam(documents, (team) => {
    const existing = team.people.find((candidate) => candidate.email === email)
    if (existing?.status === 'active') return { next: undefined, result: null }
    const invited: StoredPerson = existing
      ? { ...existing, role, invite }
      : {
          id: randomId(),
          email,
          name: null,
          role,
          status: 'invited',
          created_at: now.toISOString(),
          invite,
          last_seen_at: null,
        }
    const people = existing
      ? team.people.map((candidate) => (candidate.id === existing.id ? invited : candidate))
      : [...team.people, invited]
    return { next: { ...team, people }, result: invited }
  })
  if (!person) throw new ConflictError(`${email} is already in the team`)
  return {
    id: person.id,
    email: person.email,
    role: person.role,
    status: 'invited',
    invite_url: inviteUrl(origin, token),
    invite_token: token,
    invite_expires_at: invite.expires_at,
  }
}

function invitedBy(team: Team, hash: string): StoredPerson | undefined {
  return team.people.find((person) => person.status === 'invited' && person.invite?.hash === hash)
}

/**
 * Accepts an invitation: the person becomes `active` with this name and password, and the invitation
 * is spent in the same compare-and-swap, so a link works once however many use it at the same time.
 * A password the rules refuse leaves the invitation as it was.
 */
export async function acceptInvite(
  documents: DocumentStore,
  { token, name, password }: InviteAccept,
  now = new Date(),
): Promise<AcceptedPerson> {
  const hash = sha256Hex(token)
  const invited = invitedBy(await readTeam(documents), hash)
  if (!invited?.invite) throw new NotFoundError(PEOPLE_MESSAGES.inviteInvalid)
  if (Date.parse(invited.invite.expires_at) <= now.getTime())
    throw new GoneError(PEOPLE_MESSAGES.inviteExpired)
  const problem = passwordProblem(password, { email: invited.email, name })
  if (problem) throw new InvalidInputError(problem)
  const passwordHash = await hashPassword(password)
  const accepted = await changeTeam(documents, (team) => {
    const person = invitedBy(team, hash)
    if (!person?.invite || Date.parse(person.invite.expires_at) <= now.getTime())
      return { next: undefined, result: null }
    const { invite: _spent, ...rest } = person
    const active: StoredPerson = {
      ...rest,
      name,
      status: 'active',
      password: passwordHash,
      last_seen_at: now.toISOString(),
    }
    return {
      next: { ...team, people: team.people.map((other) => (other.id === person.id ? active : other)) },
      result: active,
    }
  })
  if (!accepted) throw new NotFoundError(PEOPLE_MESSAGES.inviteInvalid)
  return { id: accepted.id, email: accepted.email, name, role: accepted.role }
}

export async function listPeople(documents: DocumentStore): Promise<Person[]> {
  return (await readTeam(documents)).people.map(publicPerson)
}

/** Whether taking `person` out of the admins leaves none, among admins who have signed in. */
const wouldLeaveNoAdmin = (team: Team, person: StoredPerson) => {
  const admins = activeAdmins(team)
  return admins.length === 1 && admins[0]?.id === person.id
}

/**
 * Gives `id` another role. A lower role ends the person's sessions at once (they sign in again as
 * what they now are); their tokens act as the lower role from the next call, since the gate narrows a
 * token to its owner's current role. The last admin keeps the role (409).
 */
export async function changeRole(
  documents: DocumentStore,
  id: string,
  role: Role,
  now = new Date(),
): Promise<Person> {
  const changed = await changeTeam(documents, (team) => {
    const person = team.people.find((candidate) => candidate.id === id)
    if (!person) throw personNotFound(id)
    if (person.role === role) return { next: undefined, result: person }
    if (person.role === 'admin' && wouldLeaveNoAdmin(team, person))
      throw new ConflictError(PEOPLE_MESSAGES.lastAdmin)
    const lowered = roleRank(role) < roleRank(person.role)
    const next: StoredPerson = { ...person, role, ...(lowered ? { sessions_from: now.toISOString() } : {}) }
    return {
      next: { ...team, people: team.people.map((other) => (other.id === id ? next : other)) },
      result: next,
    }
  })
  return publicPerson(changed)
}

/**
 * Removes `id` (a person, or an invitation not yet accepted) and their tokens in one write: their
 * sessions name a person who is no longer there, so the next call with any of them is refused.
 */
export async function removePerson(documents: DocumentStore, id: string): Promise<void> {
  await changeTeam(documents, (team) => {
    const person = team.people.find((candidate) => candidate.id === id)
    if (!person) throw personNotFound(id)
    if (person.role === 'admin' && wouldLeaveNoAdmin(team, person))
      throw new ConflictError(PEOPLE_MESSAGES.lastAdmin)
    return {
      next: {
        people: team.people.filter((other) => other.id !== id),
        tokens: team.tokens.filter((token) => token.owner_id !== id),
      },
      result: undefined,
    }
  })
}

/** Ends every session of the person (their "sign out everywhere"). */
export async function endSessionsOf(documents: DocumentStore, id: string, now = new Date()): Promise<void> {
  await changeTeam(documents, (team) => ({
    next: {
      ...team,
      people: team.people.map((person) =>
        person.id === id ? { ...person, sessions_from: now.toISOString() } : person,
      ),
    },
    result: undefined,
  }))
}
