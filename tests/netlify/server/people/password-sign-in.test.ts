import { beforeEach, describe, expect, it } from 'vitest'

import { signInWithPassword } from '../../../../netlify/server/people/password-sign-in'
import { acceptInvite, invitePerson } from '../../../../netlify/server/people/people-service'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

const NOW = new Date('2026-05-01T12:00:00Z')
const PASSWORD = 'ample lantern orbit quietly'
const ADDRESS = '198.51.100.7'

let store: MemoryDocumentStore
beforeEach(async () => {
  store = new MemoryDocumentStore()
  const invited = await invitePerson(
    store,
    { email: 'writer@example.com', role: 'editor' },
    'https://x.test',
    NOW,
  )
  await acceptInvite(store, { token: invited.invite_token, name: 'Writer', password: PASSWORD }, NOW)
  await invitePerson(store, { email: 'pending@example.com', role: 'viewer' }, 'https://x.test', NOW)
})

describe('signing in with a password', () => {
  it('signs the person in, whatever the case of the email', async () => {
    const outcome = await signInWithPassword(
      store,
      { email: ' Writer@Example.com', password: PASSWORD },
      ADDRESS,
      NOW,
    )
    expect(outcome).toMatchObject({ kind: 'signed-in', person: { email: 'writer@example.com' } })
  })

  it('refuses a wrong password, an unknown email and an invitation not yet accepted alike, writing the same counts', async () => {
    const refusals = []
    for (const email of ['writer@example.com', 'nobody@example.com', 'pending@example.com']) {
      const fresh = new MemoryDocumentStore()
      for (const { key } of await store.list('')) {
        const stored = await store.read(key)
        await fresh.write(key, stored?.value, { ifNew: true })
      }
      const outcome = await signInWithPassword(
        fresh,
        { email, password: 'a wrong guess entirely' },
        ADDRESS,
        NOW,
      )
      refusals.push({ outcome, failures: (await fresh.list('sign-in-failures/')).length })
    }
    expect(refusals).toEqual([
      { outcome: { kind: 'refused' }, failures: 2 },
      { outcome: { kind: 'refused' }, failures: 2 },
      { outcome: { kind: 'refused' }, failures: 2 },
    ])
  })

  it('takes as long for an unknown email as for a wrong password', async () => {
    const time = async (email: string) => {
      const start = performance.now()
      await signInWithPassword(store, { email, password: 'a wrong guess entirely' }, `${email}-address`, NOW)
      return performance.now() - start
    }
    await time('warm-up@example.com')
    const known: number[] = []
    const unknown: number[] = []
    for (let round = 0; round < 4; round++) {
      known.push(await time('writer@example.com'))
      unknown.push(await time(`nobody${String(round)}@example.com`))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2] ?? 0
    const ratio = median(known) / median(unknown)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })

  it('answers wait, without checking the password, once the account has failed too often', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        await signInWithPassword(
          store,
          { email: 'writer@example.com', password: 'wrong guess number x' },
          ADDRESS,
          NOW,
        ),
      ).toEqual({
        kind: 'refused',
      })
    }
    // The right password now waits too: a guess made while slowed learns nothing.
    expect(
      await signInWithPassword(store, { email: 'writer@example.com', password: PASSWORD }, ADDRESS, NOW),
    ).toEqual({
      kind: 'wait',
      seconds: 1,
    })
    const after = new Date(NOW.getTime() + 1000)
    expect(
      (await signInWithPassword(store, { email: 'writer@example.com', password: PASSWORD }, ADDRESS, after))
        .kind,
    ).toBe('signed-in')
  })
})
