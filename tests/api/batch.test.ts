import { describe, expect, it } from 'vitest'

import { batchResponseSchema } from '../../src/contract/api'
import { LIMITS } from '../../src/contract/limits'
import { SHARD_IDS, shardOfId } from '../../src/contract/media-pages'
import { api, apiAll, type RequestBody } from '../support/api-client'
import { expectClientError, listAllRecords, recordsById, snapshot, uploadRecords } from '../support/api-steps'

const UNKNOWN_ID = 987_654_321

describe('POST /api/batch-update', () => {
  it('updates each listed file and reports every item, unknown ids included', async () => {
    const [first, second] = await uploadRecords(2)
    if (!first || !second) throw new Error('uploads failed')
    const response = await api('POST', '/api/batch-update', {
      updates: [
        { id: first.id, fields: { title: 'Batch one', tags: 'x, y' } },
        { id: UNKNOWN_ID, fields: { title: 'nobody' } },
        { id: second.id, fields: { Notes: 'batch note', author: 'Lin' } },
      ],
    })
    expect(response.status, response.text).toBe(200)
    const batch = batchResponseSchema.parse(response.body)
    expect(batch.succeeded).toBe(2)
    expect(batch.failed).toBe(1)
    expect(batch.results.map(({ id, success, error }) => ({ id, success, error }))).toEqual([
      { id: first.id, success: true, error: undefined },
      { id: UNKNOWN_ID, success: false, error: `File ${String(UNKNOWN_ID)} not found` },
      { id: second.id, success: true, error: undefined },
    ])

    const listed = await recordsById()
    const updatedFirst = listed.get(first.id)
    expect(updatedFirst).toMatchObject({ title: 'Batch one', tags: ['x', 'y'] })
    const updatedSecond = listed.get(second.id)
    expect(updatedSecond).toMatchObject({ notes: 'batch note', author: 'Lin', title: second.title })
    expect(batch.results[0]?.record).toEqual(updatedFirst)
  })

  it('refuses malformed bodies with 400 and changes nothing', async () => {
    const records = await uploadRecords(2)
    const [a, b] = records.map((record) => record.id)
    if (a === undefined || b === undefined) throw new Error('uploads failed')
    const tooMany = Array.from({ length: 501 }, (_, i) => ({
      id: i === 0 ? a : b,
      fields: { title: 'many' },
    }))
    const bodies: [string, RequestBody][] = [
      ['no updates', {}],
      ['updates not an array', { updates: { id: a, fields: { title: 'x' } } }],
      ['updates a string', { updates: 'title=x' }],
      ['string id', { updates: [{ id: String(a), fields: { title: 'x' } }] }],
      ['fractional id', { updates: [{ id: 1.5, fields: { title: 'x' } }] }],
      ['zero id', { updates: [{ id: 0, fields: { title: 'x' } }] }],
      ['empty list', { updates: [] }],
      ['more than 500 items', { updates: tooMany }],
      [
        'one item without fields',
        {
          updates: [
            { id: a, fields: { title: 'applied?' } },
            { id: b, fields: {} },
          ],
        },
      ],
      [
        'one item with a bad field',
        {
          updates: [
            { id: a, fields: { title: 'applied?' } },
            { id: b, fields: { title: 'x'.repeat(501) } },
          ],
        },
      ],
      ['fields not an object', { updates: [{ id: a, fields: 'title' }] }],
    ]
    const before = await snapshot()
    const responses = await apiAll(bodies.map(([, body]) => ['POST', '/api/batch-update', body] as const))
    responses.forEach((response, i) => {
      expect(expectClientError(response, 400), bodies[i]?.[0]).not.toBe('')
    })
    const emptyUpdate = await api('POST', '/api/batch-update', { updates: [{ id: a, fields: {} }] })
    expect(expectClientError(emptyUpdate, 400)).toContain('Please provide at least one field to update')
    expect(await snapshot()).toEqual(before)
  })
})

describe('POST /api/batch-delete', () => {
  it('deletes each listed file and reports every item, unknown ids included', async () => {
    const [first, second, kept] = await uploadRecords(3)
    if (!first || !second || !kept) throw new Error('uploads failed')
    const response = await api('POST', '/api/batch-delete', { ids: [first.id, UNKNOWN_ID, second.id] })
    expect(response.status, response.text).toBe(200)
    const batch = batchResponseSchema.parse(response.body)
    expect(batch.results.map(({ id, success, error }) => ({ id, success, error }))).toEqual([
      { id: first.id, success: true, error: undefined },
      { id: UNKNOWN_ID, success: false, error: `File ${String(UNKNOWN_ID)} not found` },
      { id: second.id, success: true, error: undefined },
    ])
    expect([batch.succeeded, batch.failed]).toEqual([2, 1])
    // A deleted item may carry the record it moved to the trash; it must then be that record, trashed.
    const before = new Map([first, second].map((record) => [record.id as number, record]))
    for (const result of batch.results) {
      if (result.record) {
        expect(result.record).toEqual({ ...before.get(result.id), deleted_at: expect.any(String) as unknown })
      }
    }
    const ids = (await listAllRecords()).map((record) => record.id)
    expect(ids).not.toContain(first.id)
    expect(ids).not.toContain(second.id)
    expect(ids).toContain(kept.id)

    const again = await api('POST', '/api/batch-delete', { ids: [first.id] })
    expect(again.status, again.text).toBe(200)
    expect(again.body).toEqual({
      results: [{ id: first.id, success: false, error: `File ${String(first.id)} not found` }],
      succeeded: 0,
      failed: 1,
    })
  })

  it('refuses malformed bodies with 400 and deletes nothing', async () => {
    const records = await uploadRecords(2)
    const ids = records.map((record) => record.id as number)
    const bodies: [string, RequestBody][] = [
      ['no ids', {}],
      ['ids not an array', { ids: ids.join(',') }],
      ['ids an object', { ids: { 0: ids[0] } }],
      ['string ids', { ids: ids.map(String) }],
      ['a string among numbers', { ids: [...ids, 'x'] }],
      ['fractional id', { ids: [...ids, 1.5] }],
      ['negative id', { ids: [...ids, -3] }],
      ['unsafe integer', { ids: [...ids, 2 ** 60] }],
      ['null id', { ids: [...ids, null] }],
      ['empty list', { ids: [] }],
      ['more than 500 ids', { ids: [...ids, ...Array.from({ length: 499 }, (_, i) => UNKNOWN_ID + i)] }],
    ]
    const before = await snapshot()
    const responses = await apiAll(bodies.map(([, body]) => ['POST', '/api/batch-delete', body] as const))
    responses.forEach((response, i) => {
      expect(expectClientError(response, 400), bodies[i]?.[0]).toMatch(/ids/)
    })
    expect(await snapshot()).toEqual(before)
  })
})

/** `ids` as each endpoint taking a list of ids takes them, with its path. */
function namingEveryEndpoint(ids: readonly number[]): [string, RequestBody][] {
  return [
    ['/api/batch-update', { updates: ids.map((id) => ({ id, fields: { title: 'named' } })) }],
    ['/api/batch-delete', { ids }],
    ['/api/batch-move-to-folder', { fileIds: ids, folderId: null }],
    ['/api/trash/restore', { ids }],
    ['/api/trash/purge', { ids }],
  ]
}

describe('an id named twice in one call', () => {
  it('answers 400 naming it, on every endpoint taking ids, and changes nothing', async () => {
    const [first, second] = await uploadRecords(2)
    if (!first || !second) throw new Error('upload failed')
    const ids = [first.id, second.id, first.id]
    const bodies = namingEveryEndpoint(ids)
    const before = await snapshot()
    const responses = await apiAll(bodies.map(([path, body]) => ['POST', path, body] as const))
    responses.forEach((response, i) => {
      expect(expectClientError(response, 400), bodies[i]?.[0]).toBe(
        `File ${String(first.id)} is named more than once in this batch: name each file once.`,
      )
    })
    expect(await snapshot()).toEqual(before)
  })
})

describe('ids spread over more record shards than one call may touch', () => {
  it('answers 400 saying how to split the batch, on every endpoint taking ids, and changes nothing', async () => {
    const [record] = await uploadRecords(1)
    if (!record) throw new Error('upload failed')
    // One id in each of LIMITS.batchShards + 1 shards: the uploaded file's and the next ones.
    const ids = [
      record.id as number,
      ...Array.from({ length: LIMITS.batchShards }, (_, i) => (shardOfId(record.id) + i + 1) * SHARD_IDS),
    ]
    const shards = String(LIMITS.batchShards + 1)
    const bodies = namingEveryEndpoint(ids)
    const before = await snapshot()
    const responses = await apiAll(bodies.map(([path, body]) => ['POST', path, body] as const))
    responses.forEach((response, i) => {
      expect(expectClientError(response, 400), bodies[i]?.[0]).toBe(
        `These ${String(ids.length)} files are stored in ${shards} groups of 500 consecutive ids, and one ` +
          `call may change files in at most ${String(LIMITS.batchShards)} groups: files whose ids are far ` +
          'apart are stored apart. Split the batch into smaller ones, sorting the ids first so that each ' +
          `batch's ids fall in at most ${String(LIMITS.batchShards)} groups (any ` +
          `${String(LIMITS.batchShards)} ids always do).`,
      )
    })
    expect(await snapshot()).toEqual(before)
    // One shard fewer is taken.
    const within = await api('POST', '/api/batch-update', {
      updates: ids.slice(0, -1).map((id) => ({ id, fields: { title: 'spread' } })),
    })
    expect(within.status, within.text).toBe(200)
    expect(batchResponseSchema.parse(within.body).succeeded).toBe(1)
  })
})
