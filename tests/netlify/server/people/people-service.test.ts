import { beforeEach, describe, expect, it } from 'vitest'

import { ConflictError, GoneError, InvalidInputError, NotFoundError } from '../../../../netlify/server/errors'
import { createToken } from '../../../../netlify/server/people/api-tokens'
import { verifyPassword } from '../../../../netlify/server/people/passwords'
import {
  acceptInvite,
  changeRole,
  invitePerson,
  listPeople,
  PEOPLE_MESSAGES,
  removePerson,
} from '../../../../netlify/server/people/people-service'
import { readTeam } from '../../../../netlify/server/people/team-document'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import type { Role } from '../../../../src/contract/roles'

const ORIGIN = 'https://media.example.test'
const NOW = new Date('2026-05-01T12:00:00Z')
const PASSWORD = 'ample lantern orbit quietly'
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000)

let store: MemoryDocumentStore
beforeEach(() => {
  store = new MemoryDocumentStore()
})

async function member(email: string, role: Role) {
  const invited = await invitePerson(store, { email, role }, ORIGIN, NOW)
  return acceptInvite(
    store,
    { token: invited.invite_token, name: email.split('@')[0] ?? '', password: PASSWORD },
    NOW,
  )
}

describe('an invitation', () => {
  it('gives a one-time link on the site, valid 7 days, and keeps only its hash', async () => {
    const invited = await invitePerson(store, { email: 'writer@example.com', role: 'editor' }, ORIGIN, NOW)
    expect(invited).toMatchObject({ email: 'writer@example.com', role: 'editor', status: 'invited' })
    expect(invited.invite_url).toBe(`${ORIGIN}/invite#token=${invited.invite_token}`)
    expect(invited.invite_expires_at).toBe(days(7).toISOString())
    expect(JSON.stringify(await readTeam(store))).not.toContain(invited.invite_token)
    expect(await listPeople(store)).toEqual([
      {
        id: invited.id,
        email: 'writer@example.com',
        name: null,
        role: 'editor',
        status: 'invited',
        last_seen_at: null,
      },
    ])
  })

  it('is accepted once: the person is active with a hashed password, and the link then opens nothing', async () => {
    const invited = await invitePerson(store, { email: 'writer@example.com', role: 'editor' }, ORIGIN, NOW)
    const accept = { token: invited.invite_token, name: 'Writer', password: PASSWORD }
    expect(await acceptInvite(store, accept, NOW)).toEqual({
      id: invited.id,
      email: 'writer@example.com',
      name: 'Writer',
      role: 'editor',
    })
    const [person] = (await readTeam(store)).people
    expect(person?.status).toBe('active')
    expect(person?.invite).toBeUndefined()
    expect(await verifyPassword(PASSWORD, person?.password ?? '')).toBe(true)
    await expect(acceptInvite(store, accept, NOW)).rejects.toThrow(
      new NotFoundError(PEOPLE_MESSAGES.inviteInvalid),
    )
  })

  it('accepted by two at once still works for one only', async () => {
    const invited = await invitePerson(store, { email: 'writer@example.com', role: 'editor' }, ORIGIN, NOW)
    const accept = { token: invited.invite_token, name: 'Writer', password: PASSWORD }
    const results = await Promise.allSettled([
      acceptInvite(store, accept, NOW),
      acceptInvite(store, accept, NOW),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
  })

  it('expires after 7 days', async () => {
    const invited = await invitePerson(store, { email: 'writer@example.com', role: 'editor' }, ORIGIN, NOW)
    const accept = { token: invited.invite_token, name: 'Writer', password: PASSWORD }
    await expect(acceptInvite(store, accept, days(7))).rejects.toThrow(
      new GoneError(PEOPLE_MESSAGES.inviteExpired),
    )
    expect(await acceptInvite(store, accept, days(6.9))).toMatchObject({ role: 'editor' })
  })

  it('is left unspent by a password the rules refuse', async () => {
    const invited = await invitePerson(store, { email: 'writer@example.com', role: 'editor' }, ORIGIN, NOW)
    const weak = { token: invited.invite_token, name: 'Writer', password: 'Password1234!' }
    await expect(acceptInvite(store, weak, NOW)).rejects.toThrow(InvalidInputError)
    await expect(acceptInvite(store, { ...weak, password: 'short' }, NOW)).rejects.toThrow(/at least 12/)
    expect(await acceptInvite(store, { ...weak, password: PASSWORD }, NOW)).toMatchObject({ name: 'Writer' })
  })

  it('sent again replaces the first link; someone already in cannot be invited', async () => {
    const first = await invitePerson(store, { email: 'writer@example.com', role: 'viewer' }, ORIGIN, NOW)
    const second = await invitePerson(store, { email: 'writer@example.com', role: 'editor' }, ORIGIN, NOW)
    expect(second.id).toBe(first.id)
    const accept = { name: 'Writer', password: PASSWORD }
    await expect(acceptInvite(store, { ...accept, token: first.invite_token }, NOW)).rejects.toThrow(
      NotFoundError,
    )
    expect(await acceptInvite(store, { ...accept, token: second.invite_token }, NOW)).toMatchObject({
      role: 'editor',
    })
    await expect(
      invitePerson(store, { email: 'writer@example.com', role: 'admin' }, ORIGIN, NOW),
    ).rejects.toThrow(ConflictError)
  })
})

describe('roles and removal', () => {
  it('keep the last admin: neither removed nor given another role (409), until there is another', async () => {
    const admin = await member('lead@example.com', 'admin')
    await member('writer@example.com', 'editor')
    await expect(removePerson(store, admin.id)).rejects.toThrow(new ConflictError(PEOPLE_MESSAGES.lastAdmin))
    await expect(changeRole(store, admin.id, 'editor')).rejects.toThrow(ConflictError)
    const second = await member('second@example.com', 'admin')
    await changeRole(store, admin.id, 'viewer', NOW)
    await expect(removePerson(store, second.id)).rejects.toThrow(ConflictError)
  })

  it('a lower role ends the sessions begun before it; a higher one does not', async () => {
    await member('lead@example.com', 'admin')
    const writer = await member('writer@example.com', 'editor')
    const sessionsFrom = async () =>
      (await readTeam(store)).people.find((person) => person.id === writer.id)?.sessions_from
    await changeRole(store, writer.id, 'admin', NOW)
    expect(await sessionsFrom()).toBeUndefined()
    await changeRole(store, writer.id, 'viewer', days(1))
    expect(await sessionsFrom()).toBe(days(1).toISOString())
  })

  it('removing a person takes their tokens with them; an unknown id is not found', async () => {
    const writer = await member('writer@example.com', 'editor')
    const actor = { type: 'person' as const, id: writer.id, name: 'writer', role: 'editor' as const }
    await createToken(store, actor, { name: 'CI', scope: 'write' }, 'mark', NOW)
    expect((await readTeam(store)).tokens).toHaveLength(1)
    await removePerson(store, writer.id)
    expect(await readTeam(store)).toEqual({ people: [], tokens: [] })
    await expect(removePerson(store, writer.id)).rejects.toThrow(NotFoundError)
  })
})
