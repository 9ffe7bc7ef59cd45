/**
 * The record write path: limits hold on the record as stored, creates are idempotent per key, the
 * server decides what a record says about its stored file, and "use existing" cannot race a purge.
 * Every request goes through the real function handlers on in-memory stores.
 */
import { beforeEach, describe, expect, it } from 'vitest'

import { markReleasing } from '../../../netlify/server/files/release-marks'
import { GoneError } from '../../../netlify/server/errors'
import { allocateFileIds } from '../../../netlify/server/records/id-counter'
import {
  claimId,
  IDEMPOTENCY_TTL_MS,
  idempotencyClaim,
  removeExpiredIdempotencyKeys,
} from '../../../netlify/server/records/idempotency'
import { createRecord, deleteRecord } from '../../../netlify/server/records/media-service'
import { readAllRecords } from '../../../netlify/server/records/record-pages'
import { manifestKey } from '../../../netlify/server/uploads/upload-documents'
import { sweepTrash } from '../../../netlify/server/trash/trash-sweep'
import type { MediaHostStores } from '../../../netlify/server/uploads/upload-service'
import { LIMITS } from '../../../src/contract/limits'
import { recordCreateSchema, type MediaRecord } from '../../../src/contract/record'
import { freshStores, send, sendOk, uploadFile } from '../../support/in-process-api'

const BYTES = new TextEncoder().encode('some bytes of a file')
const tags = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i)}`)

let raw: MediaHostStores
beforeEach(() => {
  raw = freshStores()
})

async function create(fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return send({ method: 'POST', path: '/api/upload', json: fields, headers })
}

async function created(fields: Record<string, unknown>): Promise<MediaRecord> {
  const { body } = await sendOk({ method: 'POST', path: '/api/upload', json: fields })
  return (body as { record: MediaRecord }).record
}

const errorOf = (body: unknown) => (body as { error: string }).error
const T_CREATE = new Date()

describe('limits hold on the record as stored', () => {
  it('refuses add_tags that would take a record past the tag limit, and keeps the record as it was', async () => {
    const record = await created({ media_url: 'https://cdn.example.test/a.png' })
    const path = `/api/update/${String(record.id)}`
    const first = await send({ method: 'PATCH', path, json: { add_tags: tags('a', 100) } })
    expect(first.status).toBe(200)
    for (const prefix of ['b', 'c']) {
      const answer = await send({ method: 'PATCH', path, json: { add_tags: tags(prefix, 100) } })
      expect(answer.status).toBe(400)
      expect(errorOf(answer.body)).toContain(`at most ${String(LIMITS.tagsPerRecord)} tags`)
    }
    const [stored] = await readAllRecords(raw.documents)
    expect(stored?.tags).toHaveLength(100)
  })

  it('fails only the item of a batch that would break a limit as stored, and keeps that record as it was', async () => {
    const one = await created({ media_url: 'https://cdn.example.test/one.png', tags: tags('a', 60) })
    const two = await created({ media_url: 'https://cdn.example.test/two.png' })
    const { body } = await sendOk({
      method: 'POST',
      path: '/api/batch-update',
      json: {
        updates: [
          // Within the limit as sent, past it with the 60 tags the record holds.
          { id: one.id, fields: { add_tags: tags('b', 60), title: 'Not saved' } },
          { id: two.id, fields: { add_tags: tags('c', 60) } },
        ],
      },
    })
    const results = (body as { results: { id: number; success: boolean; error?: string }[] }).results
    expect(results.map((result) => result.success)).toEqual([false, true])
    expect(results[0]?.error).toContain(`at most ${String(LIMITS.tagsPerRecord)} tags`)
    expect(body).toMatchObject({ succeeded: 1, failed: 1 })
    const stored = new Map((await readAllRecords(raw.documents)).map((record) => [record.id, record]))
    expect(stored.get(one.id)).toMatchObject({ title: one.title, tags: tags('a', 60) })
    expect(stored.get(two.id)?.tags).toHaveLength(60)
  })

  it('checks lengths after Unicode normalisation, which can make a title longer than it was sent', async () => {
    // U+FB2C is one UTF-16 unit that NFC turns into three.
    const answer = await create({ title: '\uFB2C'.repeat(200), media_url: 'https://cdn.example.test/x.png' })
    expect(answer.status).toBe(400)
    expect(errorOf(answer.body)).toContain(`title must be at most ${String(LIMITS.titleChars)} characters`)
    expect(await readAllRecords(raw.documents)).toEqual([])
  })
})

describe('Idempotency-Key on POST /api/upload', () => {
  const body = { title: 'Once', media_url: 'https://cdn.example.test/once.png' }

  it('answers a repeat with the first record, with the same status and shape', async () => {
    const first = await create(body, { 'Idempotency-Key': 'file-1' })
    const again = await create(body, { 'Idempotency-Key': 'file-1' })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(await readAllRecords(raw.documents)).toHaveLength(1)
    // Another key is another file.
    expect((await create(body, { 'Idempotency-Key': 'file-2' })).status).toBe(201)
    expect(await readAllRecords(raw.documents)).toHaveLength(2)
  })

  it('creates one record for concurrent requests with the same key', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create(body, { 'Idempotency-Key': 'together' })),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201))
    const ids = new Set(answers.map((answer) => (answer.body as { record: MediaRecord }).record.id))
    expect(ids.size).toBe(1)
    expect(await readAllRecords(raw.documents)).toHaveLength(1)
  })

  it('refuses the same key with a different body', async () => {
    await create(body, { 'Idempotency-Key': 'reused' })
    const answer = await create({ ...body, title: 'Other' }, { 'Idempotency-Key': 'reused' })
    expect(answer.status).toBe(409)
    expect(errorOf(answer.body)).toMatch(/already used for a different file.*new key/)
    expect(await readAllRecords(raw.documents)).toHaveLength(1)
  })

  it.each([
    ['empty', ''],
    ['201 characters', 'k'.repeat(201)],
    ['a space inside', 'two words'],
    ['a non-ASCII character', 'caf\u00e9'],
  ])('refuses a key that is %s', async (_, key) => {
    const answer = await create(body, { 'Idempotency-Key': key })
    expect(answer.status).toBe(400)
    expect(errorOf(answer.body)).toContain('Idempotency-Key must be 1 to 200 visible ASCII characters')
    expect(await readAllRecords(raw.documents)).toEqual([])
  })

  it('accepts a key of 200 visible characters', async () => {
    expect((await create(body, { 'Idempotency-Key': '~'.repeat(200) })).status).toBe(201)
  })

  it('answers a repeat after the record was deleted with a 409 that says so', async () => {
    const first = await create(body, { 'Idempotency-Key': 'gone' })
    const id = (first.body as { record: MediaRecord }).record.id
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(id)}` })
    const again = await create(body, { 'Idempotency-Key': 'gone' })
    expect(again.status).toBe(409)
    expect(errorOf(again.body)).toContain(`created file ${String(id)}, which has since been deleted`)
  })

  it('answers a repeat after the record was deleted for good with a 410, and creates nothing', async () => {
    const first = await create(body, { 'Idempotency-Key': 'purged' })
    const id = (first.body as { record: MediaRecord }).record.id
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(id)}` })
    await sendOk({ method: 'POST', path: '/api/trash/purge', json: { ids: [id] } })
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await create(body, { 'Idempotency-Key': 'purged' })
      expect(again.status).toBe(410)
      expect(errorOf(again.body)).toBe(
        `The file made with this Idempotency-Key (file ${String(id)}) was deleted for good; ` +
          'send a new key to upload it again',
      )
    }
    expect(await readAllRecords(raw.documents)).toEqual([])
    // A new key uploads the file again, under a new id.
    const fresh = await create(body, { 'Idempotency-Key': 'purged-again' })
    expect(fresh.status).toBe(201)
    expect((fresh.body as { record: MediaRecord }).record.id).toBeGreaterThan(id)
  })

  it('answers 410 after the daily sweep purged the record too', async () => {
    const input = recordCreateSchema.parse(body)
    const record = await createRecord(
      raw.documents,
      input,
      T_CREATE,
      undefined,
      idempotencyClaim('swept', input),
    )
    await deleteRecord(raw.documents, record.id, T_CREATE)
    const swept = await sweepTrash(raw, { now: T_CREATE, maxAgeMs: 0, cloudinary: null })
    expect(swept).toBe(1)
    await expect(
      createRecord(raw.documents, input, T_CREATE, undefined, idempotencyClaim('swept', input)),
    ).rejects.toBeInstanceOf(GoneError)
    expect(await readAllRecords(raw.documents)).toEqual([])
  })

  it('still writes the record of a create that claimed its key and died before writing it', async () => {
    const input = recordCreateSchema.parse(body)
    const [id = 0] = await allocateFileIds(raw.documents, 1)
    await claimId(raw.documents, idempotencyClaim('died', input), id, T_CREATE)
    expect(await readAllRecords(raw.documents)).toEqual([])
    const retried = await createRecord(
      raw.documents,
      input,
      T_CREATE,
      undefined,
      idempotencyClaim('died', input),
    )
    expect(retried.id).toBe(id)
    expect((await readAllRecords(raw.documents)).map((record) => record.id)).toEqual([id])
  })

  it('holds a key across midnight (UTC), lets it go after 24 hours, and removes old days', async () => {
    const input = recordCreateSchema.parse(body)
    const beforeMidnight = new Date('2026-03-01T23:59:59.900Z')
    const afterMidnight = new Date('2026-03-02T00:00:00.100Z')
    const a = await createRecord(
      raw.documents,
      input,
      beforeMidnight,
      undefined,
      idempotencyClaim('midnight', input),
    )
    const b = await createRecord(
      raw.documents,
      input,
      afterMidnight,
      undefined,
      idempotencyClaim('midnight', input),
    )
    expect(b.id).toBe(a.id)
    const dayLater = new Date(beforeMidnight.getTime() + IDEMPOTENCY_TTL_MS + 1)
    const c = await createRecord(
      raw.documents,
      input,
      dayLater,
      undefined,
      idempotencyClaim('midnight', input),
    )
    expect(c.id).not.toBe(a.id)

    const keys = async () => (await raw.documents.list('idempotency/')).map(({ key }) => key.slice(12, 22))
    expect(await keys()).toEqual(['2026-03-01', '2026-03-02'])
    expect(await removeExpiredIdempotencyKeys(raw.documents, new Date('2026-03-02T12:00:00Z'))).toBe(0)
    expect(await removeExpiredIdempotencyKeys(raw.documents, new Date('2026-03-03T00:00:00Z'))).toBe(1)
    expect(await keys()).toEqual(['2026-03-02'])
  })
})

describe('what a record says about its stored file', () => {
  const cloudinaryUrl = 'https://res.cloudinary.com/demo/image/upload/v17/HIBF_assets/harbour.jpg'

  it('derives public_id and resource_type from a Cloudinary delivery URL and drops a claimed sha256', async () => {
    const record = await created({ media_url: cloudinaryUrl, sha256: 'a'.repeat(64) })
    expect(record).toMatchObject({ public_id: 'HIBF_assets/harbour', resource_type: 'image', sha256: null })
  })

  it('refuses a public_id or resource_type that the Cloudinary URL contradicts, naming the right one', async () => {
    const wrongId = await create({ media_url: cloudinaryUrl, public_id: 'HIBF_assets/other' })
    expect(wrongId.status).toBe(400)
    expect(errorOf(wrongId.body)).toContain('public_id must be "HIBF_assets/harbour"')
    const wrongType = await create({ media_url: cloudinaryUrl, resource_type: 'video' })
    expect(wrongType.status).toBe(400)
    expect(errorOf(wrongType.body)).toContain('resource_type must be "image"')
  })

  it('fills in a built-in file from its manifest: public_id, resource_type and sha256', async () => {
    const file = await uploadFile('notes.txt', BYTES)
    const manifest = (await raw.documents.read(manifestKey(file.id)))?.value as {
      resource_type: string
      sha256: string | null
    }
    const record = await created({ media_url: file.url, sha256: 'b'.repeat(64), resource_type: null })
    expect(record).toMatchObject({
      public_id: `HIBF_assets/${file.id}`,
      resource_type: manifest.resource_type,
      sha256: manifest.sha256,
    })
    const wrong = await create({ media_url: file.url, public_id: 'HIBF_assets/someone-else' })
    expect(wrong.status).toBe(400)
    expect(errorOf(wrong.body)).toContain(`public_id must be "HIBF_assets/${file.id}"`)
  })

  it('refuses a media_url or thumbnail naming a built-in file that is not stored', async () => {
    const file = await uploadFile('real.txt', BYTES)
    const missing = `/api/files/${file.id.slice(0, 9)}${'x'.repeat(16)}/made-up.png`
    for (const fields of [{ media_url: missing }, { media_url: file.url, thumbnail: missing }]) {
      const answer = await create(fields)
      expect(answer.status).toBe(400)
      expect(errorOf(answer.body)).toMatch(/^(media_url|thumbnail) names a file that is not stored here/)
    }
    expect(await readAllRecords(raw.documents)).toEqual([])
  })

  it('keeps a public_id for any other URL as data, and drops a claimed sha256', async () => {
    const record = await created({
      media_url: 'https://cdn.example.test/a.png',
      public_id: 'HIBF_assets/anything',
      sha256: 'c'.repeat(64),
    })
    expect(record).toMatchObject({ public_id: 'HIBF_assets/anything', sha256: null })
  })
})

describe('"use existing" against a purge of the same file', () => {
  it('withdraws a record created while the file is being released, and answers 409', async () => {
    const file = await uploadFile('shared.txt', BYTES)
    await markReleasing(raw.documents, [file.id])
    const answer = await create({ title: 'Late', media_url: file.url }, { 'Idempotency-Key': 'late' })
    expect(answer.status).toBe(409)
    expect(errorOf(answer.body)).toContain('The file is being deleted')
    expect(await readAllRecords(raw.documents)).toEqual([])
  })

  it('withdraws a record whose file went after its manifest was read', async () => {
    const file = await uploadFile('gone.txt', BYTES)
    await created({ title: 'First', media_url: file.url })
    const [first] = await readAllRecords(raw.documents)
    // The file is removed; this instance still has its manifest cached from the first create.
    await raw.documents.remove(manifestKey(file.id))
    const answer = await create({ title: 'Second', media_url: file.url })
    expect(answer.status).toBe(409)
    expect(await readAllRecords(raw.documents)).toEqual([first])
  })

  it('keeps both the record and the file when the record comes before the purge', async () => {
    const file = await uploadFile('kept.txt', BYTES)
    const original = await created({ title: 'Original', media_url: file.url })
    await sendOk({ method: 'POST', path: '/api/batch-delete', json: { ids: [original.id] } })
    const reused = await created({ title: 'Reused', media_url: file.url })
    await sendOk({ method: 'POST', path: '/api/trash/purge', json: { ids: [original.id] } })
    expect((await readAllRecords(raw.documents)).map((record) => record.id)).toEqual([reused.id])
    expect(await raw.documents.read(manifestKey(file.id))).not.toBeNull()
    const served = await send({ method: 'GET', path: reused.media_url })
    expect(served.body).toBe(new TextDecoder().decode(BYTES))
  })
})
