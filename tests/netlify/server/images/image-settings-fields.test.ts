/**
 * A record's delivery settings (focal point, crop, rotation) through the real create, update and
 * batch update handlers, on the in-memory stores.
 */
import { beforeEach, describe, expect, it } from 'vitest'

import type { MediaRecord } from '../../../../src/contract/record'
import { freshStores, send, sendOk } from '../../../support/in-process-api'

beforeEach(() => {
  freshStores()
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

const SETTINGS = {
  focal_point: { x: 0.3, y: 0.6 },
  crop: { x: 0, y: 0, width: 0.5, height: 1 },
  rotate: 90,
}

describe('delivery settings on records', () => {
  it('are stored by create, and absent when not given or null', async () => {
    const set = await create(SETTINGS)
    expect(set).toMatchObject(SETTINGS)
    const plain = await create({ focal_point: null, crop: null, rotate: 0 })
    expect(plain).not.toHaveProperty('focal_point')
    expect(plain).not.toHaveProperty('crop')
    expect(plain).not.toHaveProperty('rotate')
    expect((await listed())[0]).toMatchObject(SETTINGS)
  })

  it('are changed by an update and a batch update, kept when left out, removed by null', async () => {
    const { id } = await create()
    const path = `/api/update/${String(id)}`
    await sendOk({ method: 'PATCH', path, json: SETTINGS })
    await sendOk({ method: 'PATCH', path, json: { title: 'Renamed' } })
    expect((await listed())[0]).toMatchObject({ title: 'Renamed', ...SETTINGS })
    await sendOk({
      method: 'POST',
      path: '/api/batch-update',
      json: { updates: [{ id, fields: { crop: null, rotate: 180 } }] },
    })
    const [record] = await listed()
    expect(record).toMatchObject({ focal_point: SETTINGS.focal_point, rotate: 180 })
    expect(record).not.toHaveProperty('crop')
  })

  it('refuse bad values with a 400 naming the field, and store nothing', async () => {
    const { id } = await create({ rotate: 90 })
    const cases = [
      [{ rotate: 45 }, 'rotate must be 0, 90, 180 or 270'],
      [{ focal_point: { x: 2, y: 0 } }, 'focal_point.x must be between 0 and 1'],
      [
        { crop: { x: 0.6, y: 0, width: 0.6, height: 1 } },
        'crop must lie inside the image: x + width and y + height must be at most 1',
      ],
    ] as const
    for (const [fields, message] of cases) {
      const created = await send({
        method: 'POST',
        path: '/api/upload',
        json: { media_url: 'https://cdn.example.test/b.jpg', ...fields },
      })
      expect(created).toMatchObject({ status: 400, body: { error: message } })
      const updated = await send({ method: 'PATCH', path: `/api/update/${String(id)}`, json: fields })
      expect(updated).toMatchObject({ status: 400, body: { error: message } })
      const batch = await send({
        method: 'POST',
        path: '/api/batch-update',
        json: { updates: [{ id, fields }] },
      })
      expect(batch).toMatchObject({
        status: 400,
        body: { error: `updates.0 (file ${String(id)}): ${message}` },
      })
    }
    const records = await listed()
    expect(records).toHaveLength(1)
    expect(records[0]?.rotate).toBe(90)
  })
})
