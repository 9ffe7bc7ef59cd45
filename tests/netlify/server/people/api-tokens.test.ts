import { beforeEach, describe, expect, it } from 'vitest'

import { ForbiddenError, NotFoundError } from '../../../../netlify/server/errors'
import {
  createToken,
  lastUseIsStale,
  listTokens,
  noteUse,
  revokeToken,
  tokenHolder,
} from '../../../../netlify/server/people/api-tokens'
import {
  acceptInvite,
  changeRole,
  invitePerson,
  removePerson,
} from '../../../../netlify/server/people/people-service'
import { readTeam } from '../../../../netlify/server/people/team-document'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import type { Actor, Role } from '../../../../src/contract/roles'

const NOW = new Date('2026-05-01T12:00:00Z')
const MARK = 'owner-key-mark-1'
const OWNER: Actor = { type: 'owner', id: 'owner', name: 'Owner', role: 'admin' }
const later = (ms: number) => new Date(NOW.getTime() + ms)

let store: MemoryDocumentStore
beforeEach(() => {
  store = new MemoryDocumentStore()
})

async function person(email: string, role: Role): Promise<Extract<Actor, { type: 'person' }>> {
  const invited = await invitePerson(store, { email, role }, 'https://media.example.test', NOW)
  const accepted = await acceptInvite(
    store,
    { token: invited.invite_token, name: email, password: 'ample lantern orbit quietly' },
    NOW,
  )
  return { type: 'person', id: accepted.id, name: email, role }
}

const holderOf = async (token: string, at = NOW) => tokenHolder(await readTeam(store), token, MARK, at)

describe('making a token', () => {
  it('shows it once, keeps only its hash, and lists its prefix, scope, dates and owner', async () => {
    const writer = await person('writer@example.com', 'editor')
    const made = await createToken(
      store,
      writer,
      { name: 'CI', scope: 'write', expires_in_days: 30 },
      MARK,
      NOW,
    )
    expect(made.token).toMatch(/^mfm_[\w-]{43}$/)
    expect(made.expires_at).toBe(later(30 * 86_400_000).toISOString())
    expect(JSON.stringify(await store.read('team'))).not.toContain(made.token)
    expect(await listTokens(store, writer, false)).toEqual([
      {
        id: made.id,
        name: 'CI',
        scope: 'write',
        prefix: made.token.slice(0, 12),
        created_at: NOW.toISOString(),
        last_used_at: null,
        expires_at: made.expires_at,
        owner: { type: 'person', id: writer.id, name: 'writer@example.com' },
      },
    ])
  })

  it('refuses a scope wider than the role (403), and a token making a wider one than itself', async () => {
    const reader = await person('reader@example.com', 'viewer')
    await expect(createToken(store, reader, { name: 'x', scope: 'write' }, MARK, NOW)).rejects.toThrow(
      ForbiddenError,
    )
    const lead = await person('lead@example.com', 'admin')
    const read = await createToken(store, lead, { name: 'read', scope: 'read' }, MARK, NOW)
    const readActor = (await holderOf(read.token))?.actor
    expect(readActor?.role).toBe('viewer')
    if (!readActor) throw new Error('no actor')
    await expect(createToken(store, readActor, { name: 'wider', scope: 'admin' }, MARK, NOW)).rejects.toThrow(
      ForbiddenError,
    )
    expect(await createToken(store, readActor, { name: 'same', scope: 'read' }, MARK, NOW)).toMatchObject({
      scope: 'read',
    })
  })
})

describe('a presented token', () => {
  it('acts as the narrower of its scope and its owner role, at the time of the call', async () => {
    await person('lead@example.com', 'admin')
    const writer = await person('writer@example.com', 'admin')
    const made = await createToken(store, writer, { name: 'ops', scope: 'admin' }, MARK, NOW)
    expect((await holderOf(made.token))?.actor).toMatchObject({ type: 'token', name: 'ops', role: 'admin' })
    await changeRole(store, writer.id, 'editor', NOW)
    expect((await holderOf(made.token))?.actor.role).toBe('editor')
    await changeRole(store, writer.id, 'viewer', NOW)
    expect((await holderOf(made.token))?.actor.role).toBe('viewer')
    await changeRole(store, writer.id, 'admin', NOW)
    expect((await holderOf(made.token))?.actor.role).toBe('admin')
  })

  it('opens nothing once revoked, expired, its person removed, or (the owner) the key changed', async () => {
    await person('lead@example.com', 'admin')
    const writer = await person('writer@example.com', 'editor')
    const revoked = await createToken(store, writer, { name: 'a', scope: 'write' }, MARK, NOW)
    const expiring = await createToken(
      store,
      writer,
      { name: 'b', scope: 'read', expires_in_days: 1 },
      MARK,
      NOW,
    )
    const kept = await createToken(store, writer, { name: 'c', scope: 'read' }, MARK, NOW)
    const owners = await createToken(store, OWNER, { name: 'd', scope: 'admin' }, MARK, NOW)
    await revokeToken(store, writer, revoked.id)
    expect(await holderOf(revoked.token)).toBeNull()
    expect(await holderOf(expiring.token, later(86_400_000 - 1))).not.toBeNull()
    expect(await holderOf(expiring.token, later(86_400_000))).toBeNull()
    expect((await holderOf(owners.token))?.actor.role).toBe('admin')
    expect(tokenHolder(await readTeam(store), owners.token, 'another-key-mark', NOW)).toBeNull()
    await removePerson(store, writer.id)
    expect(await holderOf(kept.token)).toBeNull()
    expect(await holderOf(`${kept.token.slice(0, -1)}x`)).toBeNull()
    expect(await holderOf('not-a-token')).toBeNull()
  })

  it("is another person's to revoke only for an admin; others find no such token", async () => {
    const lead = await person('lead@example.com', 'admin')
    const writer = await person('writer@example.com', 'editor')
    const reader = await person('reader@example.com', 'viewer')
    const made = await createToken(store, writer, { name: 'CI', scope: 'write' }, MARK, NOW)
    await expect(revokeToken(store, reader, made.id)).rejects.toThrow(NotFoundError)
    await expect(listTokens(store, reader, true)).rejects.toThrow(ForbiddenError)
    expect((await listTokens(store, lead, true)).map((token) => token.id)).toEqual([made.id])
    expect(await listTokens(store, lead, false)).toEqual([])
    await revokeToken(store, lead, made.id)
    expect(await holderOf(made.token)).toBeNull()
  })

  it('notes its last use at most once a minute', async () => {
    const writer = await person('writer@example.com', 'editor')
    const made = await createToken(store, writer, { name: 'CI', scope: 'write' }, MARK, NOW)
    const holder = await holderOf(made.token)
    if (!holder) throw new Error('no holder')
    expect(lastUseIsStale(holder.token, null, NOW)).toBe(true)
    await noteUse(store, { tokenId: made.id }, NOW)
    const noted = await holderOf(made.token)
    expect(noted?.token.last_used_at).toBe(NOW.toISOString())
    expect(lastUseIsStale(noted?.token ?? null, null, later(59_000))).toBe(false)
    expect(lastUseIsStale(noted?.token ?? null, null, later(60_000))).toBe(true)
  })
})
