/**
 * The screen behind the access gate as one member of the team (issue 45), against the real handlers:
 * the gate is closed with the owner's key, and every request the screen makes carries a credential
 * (the owner's key, a personal API token of a person of some role, or a person's session cookie), as
 * a signed-in browser's cookie would. `GET /api/access` then names the actor, as it does for a browser.
 */
import { afterEach } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../netlify/server/http/access-gate'
import { createToken } from '../../netlify/server/people/api-tokens'
import { acceptInvite, invitePerson } from '../../netlify/server/people/people-service'
import { documentStore } from '../../netlify/server/store'
import { ROLE_SCOPES, type Role } from '../../src/contract/roles'
import { resetAccessState } from '../../src/lib/access'
import { routeToFunction } from './function-router'
import { server } from './screen-server'

export const OWNER_KEY = 'screen-test-owner-key-0123456789'
export const MEMBER_PASSWORD = 'ample lantern orbit quietly'

/** Closes the gate and sends `bearer` (the owner's key by default) with every request of the screen. */
export function behindGate(bearer: string = OWNER_KEY): void {
  replaceAccessGate(accessGateFor(OWNER_KEY))
  resetAccessState()
  server.events.on('request:start', ({ request }) => {
    request.headers.set('authorization', `Bearer ${bearer}`)
  })
}

/** Undoes `behindGate` after each test of the file. */
export function openGateAfterEach(): void {
  afterEach(() => {
    server.events.removeAllListeners()
    replaceAccessGate(undefined)
    resetAccessState()
  })
}

/** A person who accepted an invitation as `role`. */
export async function member(email: string, role: Role, name = email.split('@')[0] ?? '') {
  const invited = await invitePerson(documentStore(), { email, role }, 'http://localhost')
  return acceptInvite(documentStore(), { token: invited.invite_token, name, password: MEMBER_PASSWORD })
}

/** A personal API token of a new person of `role`, as wide as the role allows: the screen acts as them. */
export async function memberToken(email: string, role: Role): Promise<string> {
  const person = await member(email, role)
  const gate = accessGateFor(OWNER_KEY)
  if (gate.kind !== 'closed') throw new Error('the owner key is too short')
  const made = await createToken(
    documentStore(),
    { type: 'person', id: person.id, name: person.name, role },
    { name: 'screen', scope: ROLE_SCOPES[role] },
    gate.keys.ownerTokenMark,
  )
  return made.token
}

/** Signs `email` in with the password, as the sign-in dialog would: the session cookie, `name=value`. */
export async function sessionCookie(email: string, password = MEMBER_PASSWORD): Promise<string> {
  const answer = await routeToFunction(
    new Request('http://localhost/api/access', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  )
  const cookie = answer?.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`no session for ${email} (${String(answer?.status)})`)
  return cookie
}

/**
 * Closes the gate and signs the screen in as the person `email` with a session cookie, kept in a jar
 * as a browser keeps it: an answer that sets a new cookie replaces it. Returns the jar's contents.
 */
export async function behindGateAs(email: string): Promise<{ cookie: () => string }> {
  replaceAccessGate(accessGateFor(OWNER_KEY))
  resetAccessState()
  let jar = await sessionCookie(email)
  server.events.on('request:start', ({ request }) => {
    request.headers.set('cookie', jar)
    request.headers.set('sec-fetch-site', 'same-origin')
  })
  server.events.on('response:mocked', ({ response }) => {
    const cookie = response.headers.get('set-cookie')?.split(';')[0]
    if (cookie) jar = cookie
  })
  return { cookie: () => jar }
}
