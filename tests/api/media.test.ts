import { beforeAll, describe, expect, it } from 'vitest'

import { mediaFileAnswerSchema, mediaPageSchema } from '../../src/contract/api'
import { mediaRecordSchema, type MediaRecord } from '../../src/contract/record'
import { api, apiAll, errorOf } from '../support/api-client'
import { expectClientError, listAllRecords, uploadRecord, uploadRecords } from '../support/api-steps'

describe('GET /api/media', () => {
  let mine: MediaRecord[]

  beforeAll(async () => {
    mine = await uploadRecords(5)
  })

  it('answers { records, next } holding canonical records, as JSON that is revalidated', async () => {
    const response = await api('GET', '/api/media')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/)
    const page = mediaPageSchema.parse(response.body)
    expect(page.next).toBeNull()
    for (const record of page.records) {
      // Only canonical names: strict parsing fails on any extra (alternate) field.
      mediaRecordSchema.strict().parse(record)
    }
    const listed = new Map(page.records.map((record) => [record.id as number, record]))
    for (const record of mine) expect(listed.get(record.id)).toEqual(record)
  })

  it('lists records in ascending id order without duplicates', async () => {
    const ids = (await listAllRecords()).map((record) => record.id as number)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('pages through the same records with limit and cursor', async () => {
    // This file's uploads have consecutive ids (test files run one at a time), so paging can start
    // just before them and stay short however many records other files made.
    const ids = mine.map((record) => record.id as number).sort((a, b) => a - b)
    const start = (ids[0] ?? 1) - 1
    const unpaged = await api('GET', `/api/media?cursor=${String(start)}`)
    const expected = mediaPageSchema
      .parse(unpaged.body)
      .records.filter((record) => record.id <= (ids[4] ?? 0))
    expect(expected.map((record) => record.id)).toEqual(ids)

    const first = await api('GET', `/api/media?limit=2&cursor=${String(start)}`)
    expect(first.status).toBe(200)
    const firstPage = mediaPageSchema.parse(first.body)
    expect(firstPage.records).toEqual(expected.slice(0, 2))
    expect(firstPage.next).toBe(String(ids[1]))

    const second = mediaPageSchema.parse(
      (await api('GET', `/api/media?limit=2&cursor=${String(firstPage.next)}`)).body,
    )
    expect(second.records).toEqual(expected.slice(2, 4))
    expect(second.next).toBe(String(ids[3]))
    const third = mediaPageSchema.parse(
      (await api('GET', `/api/media?limit=1&cursor=${String(second.next)}`)).body,
    )
    expect(third.records).toEqual(expected.slice(4, 5))

    // The first page of the whole list, and a page past the end.
    const all = await listAllRecords()
    const head = mediaPageSchema.parse((await api('GET', '/api/media?limit=3')).body)
    expect(head.records).toEqual(all.slice(0, 3))
    expect(head.next).toBe(all.length > 3 ? String(all[2]?.id) : null)
    const pastTheEnd = await api('GET', `/api/media?cursor=${String(all[all.length - 1]?.id)}`)
    expect(pastTheEnd.status).toBe(200)
    expect(pastTheEnd.body).toEqual({ records: [], next: null })
    const exact = await api('GET', `/api/media?limit=${String(all.length)}`)
    expect(mediaPageSchema.parse(exact.body)).toEqual({ records: all, next: null })
  })

  it('answers 304 with no body while the ETag holds, and 200 once the data changed', async () => {
    const first = await api('GET', '/api/media')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')

    const candidates = [etag, `W/${etag}`, `"other", ${etag}`]
    const [stale, paged, ...revalidated] = await apiAll([
      ['GET', '/api/media', undefined, { 'If-None-Match': '"not-the-etag"' }],
      // Each page has its own validator.
      ['GET', '/api/media?limit=1', undefined, { 'If-None-Match': etag }],
      ...candidates.map(
        (candidate) => ['GET', '/api/media', undefined, { 'If-None-Match': candidate }] as const,
      ),
    ])
    revalidated.forEach((response, i) => {
      expect(response.status, candidates[i]).toBe(304)
      expect(response.text).toBe('')
      expect(response.headers.get('etag')).toBe(etag)
    })
    expect(stale?.status).toBe(200)
    expect(paged?.status).toBe(200)
    expect(paged?.headers.get('etag')).not.toBe(etag)

    await uploadRecord()
    const changed = await api('GET', '/api/media', undefined, { 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    mediaPageSchema.parse(changed.body)
  })

  it('refuses a bad limit or cursor with a 400 JSON error naming the parameter', async () => {
    const cases = [
      ['limit=0', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=5001', 'limit'],
      ['limit=99999999999', 'limit'],
      ['cursor=abc', 'cursor'],
      ['cursor=-1', 'cursor'],
      ['cursor=1e3', 'cursor'],
      ['cursor=99999999999999999999', 'cursor'],
    ] as const
    const responses = await apiAll(cases.map(([query]) => ['GET', `/api/media?${query}`] as const))
    responses.forEach((response, i) => {
      const [query, parameter] = cases[i] ?? ['', '']
      expect(expectClientError(response, 400), query).toContain(parameter)
    })
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await api('HEAD', '/api/media')
    expect(response.status).toBe(200)
    expect(response.text).toBe('')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/)
  })

  it('refuses other methods with 405 and an Allow header', async () => {
    const methods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const
    const responses = await apiAll(
      methods.map((method) => [method, '/api/media', method === 'DELETE' ? undefined : {}] as const),
    )
    responses.forEach((response, i) => {
      const method = methods[i] ?? ''
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
      expect(errorOf(response)).toContain(method)
    })
  })
})

describe('GET /api/media/{id}', () => {
  it('answers the record, in the trash with its deleted_at, and 404 once it is deleted for good', async () => {
    const record = await uploadRecord()
    const path = `/api/media/${String(record.id)}`
    const live = await api('GET', path)
    expect(live.status, live.text).toBe(200)
    expect(live.headers.get('cache-control')).toBe('no-store')
    expect(mediaFileAnswerSchema.strict().parse(live.body)).toEqual({ record })

    expect((await api('DELETE', `/api/delete/${String(record.id)}`)).status).toBe(200)
    const trashed = mediaFileAnswerSchema.parse((await api('GET', path)).body).record
    expect(trashed).toEqual({
      ...record,
      deleted_at: expect.any(String) as string,
      updated_at: trashed.updated_at,
    })

    expect((await api('POST', '/api/trash/purge', { ids: [record.id] })).status).toBe(200)
    expect(expectClientError(await api('GET', path), 404)).toBe(`File ${String(record.id)} not found`)
  })

  it('answers 404 for an id never made, 400 for one that is not an id, and 405 to a write', async () => {
    expect(expectClientError(await api('GET', '/api/media/987654321'), 404)).toBe('File 987654321 not found')
    expect(expectClientError(await api('GET', '/api/media/1.5'), 400)).toMatch(/^Invalid file id \("1\.5"\)/)
    expect((await api('PATCH', '/api/media/1', { title: 'x' })).status).toBe(405)
  })
})
