import { beforeEach, describe, expect, it } from 'vitest'

import { ForbiddenError, InvalidInputError, TooManyRequestsError } from '../../../../netlify/server/errors'
import { changePassword, PASSWORD_CHANGE_MESSAGES } from '../../../../netlify/server/people/password-change'
import { verifyPassword } from '../../../../netlify/server/people/passwords'
import { acceptInvite, invitePerson } from '../../../../netlify/server/people/people-service'
import { readTeam } from '../../../../netlify/server/people/team-document'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

const NOW = new Date('2026-05-01T12:00:00Z')
const LATER = new Date('2026-05-02T12:00:00Z')
const PASSWORD = 'ample lantern orbit quietly'
const NEW_PASSWORD = 'lanterns over the quay'
const ADDRESS = '203.0.113.9'

let store: MemoryDocumentStore
let personId: string
beforeEach(async () => {
  store = new MemoryDocumentStore()
  const invited = await invitePerson(
    store,
    { email: 'writer@example.com', role: 'editor' },
    'https://x.test',
    NOW,
  )
  personId = (
    await acceptInvite(store, { token: invited.invite_token, name: 'Writer', password: PASSWORD }, NOW)
  ).id
})

const stored = async () => (await readTeam(store)).people.find((person) => person.id === personId)

describe('changing a password', () => {
  it('stores the new one as a hash and ends every session started before', async () => {
    await changePassword(
      store,
      personId,
      { current_password: PASSWORD, new_password: NEW_PASSWORD },
      ADDRESS,
      LATER,
    )
    const person = await stored()
    expect(person?.sessions_from).toBe(LATER.toISOString())
    expect(await verifyPassword(NEW_PASSWORD, person?.password ?? '')).toBe(true)
    expect(await verifyPassword(PASSWORD, person?.password ?? '')).toBe(false)
    expect(JSON.stringify(await readTeam(store))).not.toContain(NEW_PASSWORD)
  })

  it('refuses a wrong current password and keeps the old one', async () => {
    const change = changePassword(
      store,
      personId,
      { current_password: 'not the password at all', new_password: NEW_PASSWORD },
      ADDRESS,
      LATER,
    )
    await expect(change).rejects.toThrow(new ForbiddenError(PASSWORD_CHANGE_MESSAGES.wrongCurrent))
    expect(await verifyPassword(PASSWORD, (await stored())?.password ?? '')).toBe(true)
    expect((await stored())?.sessions_from).toBeUndefined()
  })

  it("holds the new password to the sign-up rules, with the rules' own words", async () => {
    for (const weak of ['short1!', 'Password2024!', 'writer@example.com']) {
      const change = changePassword(
        store,
        personId,
        { current_password: PASSWORD, new_password: weak },
        ADDRESS,
        LATER,
      )
      await expect(change).rejects.toBeInstanceOf(InvalidInputError)
    }
    await expect(
      changePassword(
        store,
        personId,
        { current_password: PASSWORD, new_password: 'Password2024!' },
        ADDRESS,
        LATER,
      ),
    ).rejects.toThrow(/common/i)
  })

  it('slows guessing the current password as it slows failed sign-ins', async () => {
    const wrong = { current_password: 'not the password at all', new_password: NEW_PASSWORD }
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(changePassword(store, personId, wrong, ADDRESS, LATER)).rejects.toBeInstanceOf(
        ForbiddenError,
      )
    }
    const right = { current_password: PASSWORD, new_password: NEW_PASSWORD }
    await expect(changePassword(store, personId, right, ADDRESS, LATER)).rejects.toBeInstanceOf(
      TooManyRequestsError,
    )
  })

  it('refuses a person who has not accepted their invitation', async () => {
    const invited = await invitePerson(
      store,
      { email: 'new@example.com', role: 'viewer' },
      'https://x.test',
      NOW,
    )
    const change = changePassword(
      store,
      invited.id,
      { current_password: 'x', new_password: NEW_PASSWORD },
      ADDRESS,
      LATER,
    )
    await expect(change).rejects.toThrow(new ForbiddenError(PASSWORD_CHANGE_MESSAGES.notActive))
  })
})
