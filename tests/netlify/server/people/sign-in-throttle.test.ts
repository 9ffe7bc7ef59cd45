import { beforeEach, describe, expect, it } from 'vitest'

import {
  failuresKey,
  noteFailure,
  noteSuccess,
  removeForgottenFailures,
  signInWait,
  THROTTLE_POLICIES,
  waitSeconds,
} from '../../../../netlify/server/people/sign-in-throttle'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

const T0 = new Date('2026-05-01T12:00:00Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
const ME = { account: 'writer@example.com', address: '198.51.100.7' }

let store: MemoryDocumentStore
beforeEach(() => {
  store = new MemoryDocumentStore()
})

async function fail(times: number, seconds = 0, subjects = ME) {
  for (let i = 0; i < times; i++) await noteFailure(store, subjects, at(seconds))
}

describe('failed sign-ins', () => {
  it('cost nothing for the first five of an account, then each waits twice as long as the one before', async () => {
    await fail(4)
    expect(await signInWait(store, ME, at(0))).toBe(0)
    await fail(1)
    expect(await signInWait(store, ME, at(0))).toBe(1)
    expect(await signInWait(store, ME, at(1))).toBe(0)
    await fail(1, 1)
    expect(await signInWait(store, ME, at(1))).toBe(2)
    await fail(1, 3)
    expect(await signInWait(store, ME, at(3))).toBe(4)
  })

  it('never wait more than 15 minutes, and are forgotten after a quiet day: nobody is locked out for good', async () => {
    await fail(40)
    expect(await signInWait(store, ME, at(0))).toBe(900)
    expect(await signInWait(store, ME, at(900))).toBe(0)
    const policy = THROTTLE_POLICIES.account
    expect(waitSeconds({ failures: 1000, last_at: T0.toISOString() }, policy, at(899))).toBe(1)
    await fail(1, 86_400)
    expect(await signInWait(store, ME, at(86_400))).toBe(0)
  })

  it('slow an address guessing at many accounts, after twenty', async () => {
    for (let i = 0; i < 20; i++)
      await fail(1, 0, { account: `person${String(i)}@example.com`, address: ME.address })
    expect(await signInWait(store, { account: 'someone-else@example.com', address: ME.address }, at(0))).toBe(
      1,
    )
    expect(
      await signInWait(store, { account: 'someone-else@example.com', address: '203.0.113.9' }, at(0)),
    ).toBe(0)
  })

  it("count for an account whether or not it exists, and a success clears the account's count but not the address's", async () => {
    await fail(25)
    await noteSuccess(store, ME)
    expect(await signInWait(store, { ...ME, address: '203.0.113.9' }, at(0))).toBe(0)
    expect(await signInWait(store, ME, at(0))).toBeGreaterThan(0)
  })

  it('keep neither the email nor the address in the clear', async () => {
    await fail(1)
    const keys = (await store.list('sign-in-failures/')).map(({ key }) => key)
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      expect(key).toMatch(/^sign-in-failures\/(account|address)\/[0-9a-f]{64}$/)
    }
  })
})

describe('removeForgottenFailures', () => {
  const DAY = THROTTLE_POLICIES.account.forgetAfterSeconds

  it('removes the counts a quiet day has forgotten, and keeps the ones that still stand', async () => {
    await fail(3, 0)
    await fail(1, 10, { account: 'other@example.com', address: '203.0.113.9' })
    expect(await removeForgottenFailures(store, at(DAY - 1))).toBe(0)
    // The writer's two counts are forgotten; the other's, ten seconds younger, still stand.
    expect(await removeForgottenFailures(store, at(DAY))).toBe(2)
    expect((await store.list('sign-in-failures/')).map(({ key }) => key).sort()).toEqual(
      [failuresKey('account', 'other@example.com'), failuresKey('address', '203.0.113.9')].sort(),
    )
    // Removed, a count is what a forgotten one was: none.
    await fail(5, DAY)
    expect(await signInWait(store, ME, at(DAY))).toBe(1)
  })

  it('removes documents that are not counts of a kind it keeps', async () => {
    await store.write('sign-in-failures/account/x', { failures: 'many' }, { ifNew: true })
    await store.write(
      'sign-in-failures/device/y',
      { failures: 1, last_at: T0.toISOString() },
      { ifNew: true },
    )
    expect(await removeForgottenFailures(store, T0)).toBe(2)
  })
})
