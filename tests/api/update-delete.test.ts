import { describe, expect, it } from 'vitest'

import { deleteResponseSchema, updateResponseSchema } from '../../src/contract/api'
import { api, apiAll } from '../support/api-client'
import {
  expectClientError,
  findRecord,
  listAllRecords,
  snapshot,
  uploadRecord,
  uploadRecords,
} from '../support/api-steps'

/** An id no record will reach in one test run. */
const UNKNOWN_ID = 987_654_321

const BAD_IDS = ['abc', '0', '-1', '1.5', '01', '1e3', '99999999999999999999', '%20']

describe('PATCH /api/update/{id}', () => {
  it('updates the editable fields: 200 { success: true, record }, and the listing shows it', async () => {
    const original = await uploadRecord({ tags: 'old', author: 'Ada' })
    const response = await api('PATCH', `/api/update/${String(original.id)}`, {
      title: 'Renamed',
      description: 'new words',
      category: 'Documents',
      tags: 'alpha, beta ,gamma',
      notes: 'checked',
      station: 'East',
    })
    expect(response.status, response.text).toBe(200)
    const { record } = updateResponseSchema.parse(response.body)
    expect(response.body).toEqual({ success: true, record })
    expect(record).toEqual({
      ...original,
      title: 'Renamed',
      description: 'new words',
      category: 'Documents',
      tags: ['alpha', 'beta', 'gamma'],
      notes: 'checked',
      station: 'East',
      updated_at: record.updated_at,
    })
    expect(Date.parse(record.updated_at)).toBeGreaterThanOrEqual(Date.parse(original.updated_at))
    expect(await findRecord(original.id)).toEqual(record)
  })

  it('accepts the alternate capitalised names', async () => {
    const original = await uploadRecord()
    const response = await api('PATCH', `/api/update/${String(original.id)}`, {
      Title: 'Capital title',
      Notes: 'capital notes',
      Station: 'West',
    })
    expect(response.status, response.text).toBe(200)
    const { record } = updateResponseSchema.parse(response.body)
    expect(record).toMatchObject({ title: 'Capital title', notes: 'capital notes', station: 'West' })
    expect(Object.keys(record)).not.toContain('Title')
  })

  it('answers 404 "File {id} not found" for an unknown id and 400 for an id that is not a positive whole number', async () => {
    const [unknown, ...bad] = await apiAll([
      ['PATCH', `/api/update/${String(UNKNOWN_ID)}`, { title: 'ghost' }],
      ...BAD_IDS.map((id) => ['PATCH', `/api/update/${id}`, { title: 'x' }] as const),
    ])
    if (!unknown) throw new Error('no answer')
    expectClientError(unknown, 404)
    expect(unknown.body).toEqual({ error: `File ${String(UNKNOWN_ID)} not found` })
    bad.forEach((response, i) => {
      expect(expectClientError(response, 400), BAD_IDS[i]).toMatch(/id/)
    })
  })

  it('acts on the id in the path, never on an `id` in the query string', async () => {
    const [target, bystander] = await uploadRecords(2)
    if (!target || !bystander) throw new Error('uploads failed')
    const response = await api('PATCH', `/api/update/${String(target.id)}?id=${String(bystander.id)}`, {
      title: 'path wins',
    })
    expect(response.status, response.text).toBe(200)
    expect(updateResponseSchema.parse(response.body).record.id).toBe(target.id)
    expect(await findRecord(bystander.id)).toEqual(bystander)
  })

  it("refuses an update with no fields (400 'Please provide at least one field to update') or a bad field (400), changing nothing", async () => {
    const original = await uploadRecord()
    const path = `/api/update/${String(original.id)}`
    const before = await snapshot()
    const [empty, unknownOnly, notEditable, ...badFields] = await apiAll([
      ['PATCH', path, {}],
      ['PATCH', path, { unknown_field: 'x' }],
      ['PATCH', path, { media_url: 'https://media.example.test/other.png' }],
      ['PATCH', path, { title: 'x'.repeat(501) }],
      ['PATCH', path, { tags: 42 }],
      ['PATCH', path, { description: 'nul\u0000byte' }],
    ])
    for (const response of [empty, unknownOnly, notEditable]) {
      if (!response) throw new Error('no answer')
      expectClientError(response, 400)
      expect(response.body).toEqual({ error: 'Please provide at least one field to update' })
    }
    for (const response of badFields) expectClientError(response, 400)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses other methods with 405 and an Allow header', async () => {
    const record = await uploadRecord()
    const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const
    const responses = await apiAll(
      methods.map((method) => [method, `/api/update/${String(record.id)}`] as const),
    )
    responses.forEach((response, i) => {
      expectClientError(response, 405)
      expect(response.headers.get('allow'), methods[i]).toBe('PATCH, OPTIONS')
    })
    expect(await findRecord(record.id)).toEqual(record)
  })
})

describe('conditional updates: the ETag of GET /api/media/{id} as If-Match', () => {
  it('updates while the ETag holds, answering the new one, and refuses a stale one with 412, changing nothing', async () => {
    const original = await uploadRecord({ title: 'Harbour' })
    const path = `/api/update/${String(original.id)}`
    const read = await api('GET', `/api/media/${String(original.id)}`)
    const etag = read.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect((await api('GET', `/api/media/${String(original.id)}`)).headers.get('etag')).toBe(etag)

    const first = await api('PATCH', path, { title: 'Harbour at dawn' }, { 'If-Match': etag })
    expect(first.status, first.text).toBe(200)
    const next = first.headers.get('etag') ?? ''
    expect(next).not.toBe(etag)
    expect((await api('GET', `/api/media/${String(original.id)}`)).headers.get('etag')).toBe(next)

    // Someone holding the first version: refused, and the record stays as the first update left it.
    const stale = await api('PATCH', path, { title: 'Harbour at dusk' }, { 'If-Match': etag })
    expect(expectClientError(stale, 412)).toBe(
      `File ${String(original.id)} has changed since the version named by If-Match was read: read it again (GET /api/media/${String(original.id)}), then send the change with its ETag`,
    )
    expect((await findRecord(original.id))?.title).toBe('Harbour at dawn')

    // A list naming the current version holds; `*` holds for any; a weak tag never does.
    expect((await api('PATCH', path, { notes: 'a' }, { 'If-Match': `"other", ${next}` })).status).toBe(200)
    expect((await api('PATCH', path, { notes: 'b' }, { 'If-Match': '*' })).status).toBe(200)
    const current = (await api('GET', `/api/media/${String(original.id)}`)).headers.get('etag') ?? ''
    expect((await api('PATCH', path, { notes: 'c' }, { 'If-Match': `W/${current}` })).status).toBe(412)
    expect((await api('PATCH', path, { notes: 'c' }, { 'If-Match': 'garbage' })).status).toBe(412)
    expect((await findRecord(original.id))?.notes).toBe('b')
  })

  it('answers 404 for a file not there, whatever the If-Match', async () => {
    const answer = await api(
      'PATCH',
      `/api/update/${String(UNKNOWN_ID)}`,
      { title: 'x' },
      { 'If-Match': '*' },
    )
    expect(expectClientError(answer, 404)).toBe(`File ${String(UNKNOWN_ID)} not found`)
  })
})

describe('DELETE /api/delete/{id}', () => {
  it('deletes: 200, then the record is no longer listed, and a second delete is a 404', async () => {
    const [doomed, kept] = await uploadRecords(2)
    if (!doomed || !kept) throw new Error('uploads failed')
    const response = await api('DELETE', `/api/delete/${String(doomed.id)}`)
    expect(response.status, response.text).toBe(200)
    expect(deleteResponseSchema.parse(response.body)).toEqual({ success: true, id: doomed.id })

    const ids = (await listAllRecords()).map((record) => record.id)
    expect(ids).not.toContain(doomed.id)
    expect(ids).toContain(kept.id)

    const [again, update] = await apiAll([
      ['DELETE', `/api/delete/${String(doomed.id)}`],
      ['PATCH', `/api/update/${String(doomed.id)}`, { title: 'gone' }],
    ])
    if (!again || !update) throw new Error('no answer')
    expectClientError(again, 404)
    expect(again.body).toEqual({ error: `File ${String(doomed.id)} not found` })
    expectClientError(update, 404)
  })

  it('answers 404 for an unknown id, 400 for a bad id and 405 for other methods, changing nothing', async () => {
    const record = await uploadRecord()
    const before = await snapshot()
    const methods = ['GET', 'POST', 'PATCH'] as const
    const [unknown, ...rest] = await apiAll([
      ['DELETE', `/api/delete/${String(UNKNOWN_ID)}`],
      ...BAD_IDS.map((id) => ['DELETE', `/api/delete/${id}`] as const),
      ...methods.map((method) => [method, `/api/delete/${String(record.id)}`] as const),
    ])
    if (!unknown) throw new Error('no answer')
    expectClientError(unknown, 404)
    expect(unknown.body).toEqual({ error: `File ${String(UNKNOWN_ID)} not found` })
    rest.slice(0, BAD_IDS.length).forEach((response, i) => {
      expect(expectClientError(response, 400), BAD_IDS[i]).toMatch(/id/)
    })
    for (const response of rest.slice(BAD_IDS.length)) {
      expectClientError(response, 405)
      expect(response.headers.get('allow')).toBe('DELETE, OPTIONS')
    }
    expect(await snapshot()).toEqual(before)
  })
})
