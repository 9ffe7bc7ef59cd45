import { beforeAll, describe, expect, it } from 'vitest'

import type { ActivityPage } from '../../src/contract/activity'
import { api, errorOf } from '../support/api-client'
import { GATE_TOKEN } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'
import { joinTeam, OWNER, PASSWORD, signIn, type Member } from '../support/team-steps'

/** The activity log over HTTP, behind the gate (issue 45, decision 0075). */
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN }))

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' }

let editor: Member
let viewer: Member
let fileId: number

const activity = (query: string, headers: Record<string, string> = OWNER) =>
  api<ActivityPage>('GET', `/api/activity${query}`, undefined, headers)

beforeAll(async () => {
  editor = await joinTeam('writer@example.com', 'editor', 'Writer')
  viewer = await joinTeam('client@example.com', 'viewer', 'Client')
  const created = await api<{ record: { id: number } }>(
    'POST',
    '/api/upload',
    { title: 'Pier', media_url: 'https://images.example.test/pier.jpg' },
    { ...editor.cookie, ...SAME_ORIGIN },
  )
  expect(created.status).toBe(201)
  fileId = created.body.record.id
  const token = await api<{ token: string }>(
    'POST',
    '/api/tokens',
    { name: 'CI deploys', scope: 'write' },
    { ...editor.cookie, ...SAME_ORIGIN },
  )
  const edited = await api(
    'PATCH',
    `/api/update/${String(fileId)}`,
    { title: 'Pier at dawn' },
    {
      authorization: `Bearer ${token.body.token}`,
    },
  )
  expect(edited.status).toBe(200)
  expect((await signIn('writer@example.com', 'not the password at all')).status).toBe(401)
  expect((await signIn('writer@example.com', PASSWORD)).status).toBe(204)
})

describe('GET /api/activity', () => {
  it('lists each change with its actor, newest first', async () => {
    const page = await activity('')
    expect(page.status).toBe(200)
    const actions = page.body.events.map((event) => [event.action, event.actor.type, event.actor.name])
    expect(actions.slice(0, 5)).toEqual([
      ['access.signed_in', 'person', 'Writer'],
      ['access.sign_in_failed', 'anonymous', 'writer@example.com'],
      ['file.updated', 'token', 'CI deploys'],
      ['token.created', 'person', 'Writer'],
      ['file.created', 'person', 'Writer'],
    ])
    const edit = page.body.events.find((event) => event.action === 'file.updated')
    expect(edit).toMatchObject({
      file_ids: [fileId],
      detail: { changes: { title: { before: 'Pier', after: 'Pier at dawn' } } },
    })
    expect(page.body.events.find((event) => event.action === 'person.invited')?.actor).toEqual({
      type: 'owner',
      id: 'owner',
      name: 'Owner',
    })
    expect(page.text).not.toContain(PASSWORD)
    expect(page.text).not.toContain('not the password at all')
  })

  it('filters by action and actor, and pages by cursor', async () => {
    const joins = await activity('?action=person.joined')
    expect(joins.body.events.map((event) => event.actor.name)).toEqual(['Client', 'Writer'])
    const writer = await activity(`?actor=${editor.id}`)
    expect(writer.body.events.every((event) => event.actor.id === editor.id)).toBe(true)
    expect(writer.body.events.length).toBeGreaterThan(1)

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor === null ? '' : `?cursor=${cursor}`
      const page = await activity(query)
      seen.push(...page.body.events.map((event) => event.id))
      cursor = page.body.next_cursor
    } while (cursor !== null)
    const whole = await activity('')
    expect(seen.slice(0, whole.body.events.length)).toEqual(whole.body.events.map((event) => event.id))
    expect(new Set(seen).size).toBe(seen.length)
  })

  it("gives a file's history to anyone who sees files, and the whole log only to admins", async () => {
    const history = await activity(`?file_id=${String(fileId)}`, viewer.cookie)
    expect(history.status).toBe(200)
    expect(history.body.events.map((event) => event.action)).toEqual(['file.updated', 'file.created'])

    const whole = await activity('', viewer.cookie)
    expect(whole.status).toBe(403)
    expect(errorOf(whole)).toMatch(/needs the admin role/)
    expect((await activity('', editor.cookie)).status).toBe(403)
    expect((await api('GET', '/api/activity')).status).toBe(401)
  })

  it('refuses a malformed filter or cursor (400)', async () => {
    expect((await activity('?action=file.exploded')).status).toBe(400)
    expect((await activity('?cursor=12')).status).toBe(400)
    expect((await activity('?file_id=abc')).status).toBe(400)
    for (const fileId of ['0', '', '-1', '1.5'])
      expect(errorOf(await activity(`?file_id=${fileId}`))).toBe('file_id must be a positive whole number')
  })
})
