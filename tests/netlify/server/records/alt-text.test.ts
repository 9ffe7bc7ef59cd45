/**
 * A record's alt text through the real create, update and batch update handlers, on the in-memory
 * stores: set, trimmed, kept when left out, cleared, bounded, and read as '' on a record stored before
 * the field existed.
 */
import { beforeEach, describe, expect, it } from 'vitest'

import { shardKey } from '../../../../netlify/server/records/record-shards'
import type { MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import type { MediaRecord } from '../../../../src/contract/record'
import { freshStores, send, sendOk } from '../../../support/in-process-api'

let stores: MediaHostStores
beforeEach(() => {
  stores = freshStores()
})

async function create(fields: Record<string, unknown> = {}): Promise<MediaRecord> {
  const answer = await sendOk({
    method: 'POST',
    path: '/api/upload',
    json: { title: 'Pier', media_url: 'https://cdn.example.test/pier.jpg', ...fields },
  })
  return (answer.body as { record: MediaRecord }).record
}

async function listed(): Promise<MediaRecord[]> {
  return ((await sendOk({ method: 'GET', path: '/api/media' })).body as { records: MediaRecord[] }).records
}

const TOO_LONG = 'a'.repeat(1_001)
const TOO_LONG_MESSAGE = 'alt_text must be at most 1000 characters'

describe('alt text', () => {
  it('is stored trimmed by create, and is "" when not given', async () => {
    const described = await create({ alt_text: '  The pier at dusk, gulls overhead  ' })
    const plain = await create()
    expect(described.alt_text).toBe('The pier at dusk, gulls overhead')
    expect(plain.alt_text).toBe('')
    expect((await listed()).map((record) => record.alt_text)).toEqual([
      'The pier at dusk, gulls overhead',
      '',
    ])
  })

  it('is set and cleared by update, and kept by an update that leaves it out', async () => {
    const { id } = await create()
    const path = `/api/update/${String(id)}`
    const set = await sendOk({ method: 'PATCH', path, json: { alt_text: ' A wooden pier ' } })
    expect((set.body as { record: MediaRecord }).record.alt_text).toBe('A wooden pier')
    await sendOk({ method: 'PATCH', path, json: { title: 'Old pier' } })
    expect((await listed())[0]).toMatchObject({ title: 'Old pier', alt_text: 'A wooden pier' })
    await sendOk({ method: 'PATCH', path, json: { alt_text: '' } })
    expect((await listed())[0]?.alt_text).toBe('')
  })

  it('is set per item by batch update, which leaves the other files as they are', async () => {
    const first = await create({ alt_text: 'Kept' })
    const second = await create()
    const answer = await sendOk({
      method: 'POST',
      path: '/api/batch-update',
      json: { updates: [{ id: second.id, fields: { alt_text: 'A gull on a post' } }] },
    })
    expect(answer.body).toMatchObject({ succeeded: 1, failed: 0 })
    expect((await listed()).map((record) => record.alt_text)).toEqual([first.alt_text, 'A gull on a post'])
  })

  it(`refuses more than 1,000 characters and what is not text with a 400, and stores nothing`, async () => {
    const { id } = await create({ alt_text: 'Before' })
    for (const [value, message] of [
      [TOO_LONG, TOO_LONG_MESSAGE],
      [42, 'alt_text must be a string'],
    ] as const) {
      const created = await send({
        method: 'POST',
        path: '/api/upload',
        json: { media_url: 'https://cdn.example.test/b.jpg', alt_text: value },
      })
      expect(created).toMatchObject({ status: 400, body: { error: message } })
      const updated = await send({
        method: 'PATCH',
        path: `/api/update/${String(id)}`,
        json: { alt_text: value },
      })
      expect(updated).toMatchObject({ status: 400, body: { error: message } })
      const batch = await send({
        method: 'POST',
        path: '/api/batch-update',
        json: { updates: [{ id, fields: { alt_text: value } }] },
      })
      expect(batch).toMatchObject({
        status: 400,
        body: { error: `updates.0 (file ${String(id)}): ${message}` },
      })
    }
    expect((await listed()).map((record) => record.alt_text)).toEqual(['Before'])
  })

  it('reads as "" on a record stored before the field existed, which an update then sets', async () => {
    const { id } = await create()
    const key = shardKey(0)
    const shard = await stores.documents.read(key)
    if (!shard) throw new Error('The shard was not written')
    const value = shard.value as { records: Record<string, unknown>[] }
    const old = value.records.map(({ alt_text: _gone, ...rest }) => rest)
    expect(old[0]).not.toHaveProperty('alt_text')
    await stores.documents.write(key, { ...value, records: old }, { ifMatch: shard.etag })
    expect((await listed())[0]?.alt_text).toBe('')
    await sendOk({ method: 'PATCH', path: `/api/update/${String(id)}`, json: { alt_text: 'Now described' } })
    expect((await listed())[0]?.alt_text).toBe('Now described')
  })
})
