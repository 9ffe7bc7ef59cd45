import { beforeAll, describe, expect, it } from 'vitest'

import { api, errorOf } from '../support/api-client'
import { GATE_TOKEN } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'
import { cookieFrom, joinTeam, OWNER, PASSWORD, signIn, type Member } from '../support/team-steps'

/** `POST /api/access/password`: a person changes their own password (issue 45). */
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN }))

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' }
const NEW_PASSWORD = 'lanterns over the quay'

let writer: Member
beforeAll(async () => {
  writer = await joinTeam('writer@example.com', 'editor')
})

describe('changing a password', () => {
  it('answers a new session for this browser, ends the others, and the new password signs in', async () => {
    const elsewhere = cookieFrom(await signIn(writer.email, PASSWORD))
    const changed = await api(
      'POST',
      '/api/access/password',
      { current_password: PASSWORD, new_password: NEW_PASSWORD },
      { ...writer.cookie, ...SAME_ORIGIN },
    )
    expect(changed.status).toBe(204)
    const here = cookieFrom(changed)
    expect((await api('GET', '/api/access', undefined, here)).status).toBe(200)
    expect((await api('GET', '/api/access', undefined, elsewhere)).status).toBe(401)
    expect((await api('GET', '/api/access', undefined, writer.cookie)).status).toBe(401)
    expect((await signIn(writer.email, PASSWORD)).status).toBe(401)
    expect((await signIn(writer.email, NEW_PASSWORD)).status).toBe(204)
    writer = { ...writer, cookie: here }
  })

  it('refuses a wrong current password and a common new one, in the server words', async () => {
    const wrong = await api(
      'POST',
      '/api/access/password',
      { current_password: 'not the password at all', new_password: 'quiet harbour evening lamps' },
      { ...writer.cookie, ...SAME_ORIGIN },
    )
    expect(wrong.status).toBe(403)
    expect(errorOf(wrong)).toBe('The current password is wrong')
    const common = await api(
      'POST',
      '/api/access/password',
      { current_password: NEW_PASSWORD, new_password: 'Password1234!' },
      { ...writer.cookie, ...SAME_ORIGIN },
    )
    expect(common.status).toBe(400)
    expect(errorOf(common)).toMatch(/most common/)
  })

  it("is a person's own: the owner's key and a cross-site form are refused", async () => {
    const body = { current_password: PASSWORD, new_password: NEW_PASSWORD }
    const owner = await api('POST', '/api/access/password', body, OWNER)
    expect(owner.status).toBe(403)
    const crossSite = await api('POST', '/api/access/password', body, {
      ...writer.cookie,
      'sec-fetch-site': 'same-site',
    })
    expect(crossSite.status).toBe(403)
    expect((await api('POST', '/api/access/password', body)).status).toBe(401)
  })
})
