/**
 * Steps of the team API (issue 45) for the API tests behind the gate: the owner invites, the invitee
 * accepts and signs in, and a scan of every stored blob for secrets that must never be kept.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect } from 'vitest'

import { api, apiProjectDir, type ApiResponse } from './api-client'
import { GATE_TOKEN } from './gate-client'

export const OWNER = { authorization: `Bearer ${GATE_TOKEN}` }
export const PASSWORD = 'ample lantern orbit quietly'

/** `name=value` of an answer's Set-Cookie, as a browser sends it back. */
export function cookieFrom(response: ApiResponse): { cookie: string } {
  const header = response.headers.get('set-cookie')
  if (header === null) throw new Error(`no Set-Cookie (${String(response.status)} ${response.text})`)
  return { cookie: header.split(';')[0] ?? '' }
}

export interface Member {
  id: string
  email: string
  cookie: { cookie: string }
  inviteToken: string
}

/** The owner invites `email` as `role`; the invitee accepts with `PASSWORD`, signed in by the answer. */
export async function joinTeam(
  email: string,
  role: string,
  name = email.split('@')[0] ?? '',
): Promise<Member> {
  const invited = await api<{ id: string; invite_token: string }>(
    'POST',
    '/api/people',
    { email, role },
    OWNER,
  )
  expect(invited.status).toBe(201)
  const accepted = await api('POST', '/api/people/accept', {
    token: invited.body.invite_token,
    name,
    password: PASSWORD,
  })
  expect(accepted.status).toBe(201)
  return { id: invited.body.id, email, cookie: cookieFrom(accepted), inviteToken: invited.body.invite_token }
}

/** Signs in with an email and password from `address` (as Netlify's edge names it). */
export function signIn(email: string, password: string, address = '192.0.2.1'): Promise<ApiResponse> {
  return api('POST', '/api/access', { email, password }, { 'x-nf-client-connection-ip': address })
}

/** Every blob the server stored, as text: documents and file bytes alike. */
export async function storedBlobs(): Promise<string> {
  const root = join(apiProjectDir(), '.netlify', 'blobs-serve')
  const names = await readdir(root, { recursive: true })
  const texts = await Promise.all(names.map((name) => readFile(join(root, name), 'utf8').catch(() => '')))
  return texts.join('\n')
}
