import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { replaceFile } from '../../../../netlify/server/uploads/replace-file'
import { mediaHostResult, readManifest } from '../../../../netlify/server/uploads/upload-service'
import { trashPageSchema, uploadResponseSchema } from '../../../../src/contract/api'
import type { MediaRecord } from '../../../../src/contract/record'
import { replaceFileResponseSchema } from '../../../../src/contract/replace-file'
import { routeToFunction } from '../../../support/function-router'
import { fileIsStored, storeFile } from '../../../support/stored-files'

/** `POST /api/replace/{id}` through the function router, on memory stores. */
const ORIGIN = 'http://localhost:8888'

let documents: MemoryDocumentStore
let bytes: MemoryByteStore
const stores = () => ({ documents, bytes })

beforeEach(() => {
  documents = new MemoryDocumentStore()
  bytes = new MemoryByteStore()
  replaceDocumentStore(documents, bytes)
})
afterEach(() => {
  replaceDocumentStore(undefined)
})

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await routeToFunction(
    new Request(new URL(path, ORIGIN), {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  if (!response) throw new Error(`no function serves ${path}`)
  return response
}

/** The file part of an upload body, as the page sends it after the media host answered. */
async function uploadedFile(name: string) {
  const { id } = await storeFile(stores(), name)
  const manifest = await readManifest(documents, id)
  if (!manifest) throw new Error(`${name} was not stored`)
  const result = mediaHostResult(manifest)
  return {
    fileId: id,
    body: {
      media_url: result.secure_url,
      file_size: result.bytes,
      public_id: result.public_id,
      resource_type: result.resource_type,
      format: result.format,
      width: 640,
      height: 480,
    },
  }
}

async function createRecord(name: string): Promise<{ record: MediaRecord; fileId: string }> {
  const { fileId, body } = await uploadedFile(name)
  const response = await call('POST', '/api/upload', {
    ...body,
    title: 'Opening night',
    description: 'The hall before the doors opened',
    category: 'Images',
    tags: ['festival', 'hall'],
    notes: 'Credit the photographer',
    author: 'Ana',
  })
  const parsed = uploadResponseSchema.parse(await response.json())
  if (!parsed.success) throw new Error(parsed.error)
  return { record: parsed.record, fileId }
}

async function replace(id: number, body: unknown) {
  const response = await call('POST', `/api/replace/${String(id)}`, body)
  return { status: response.status, body: (await response.json()) as unknown }
}

async function trashed(): Promise<MediaRecord[]> {
  return trashPageSchema.parse(await (await call('GET', '/api/trash')).json()).records
}

describe('POST /api/replace/{id}', () => {
  it('gives the record the new file and keeps its id and everything people wrote on it', async () => {
    const { record } = await createRecord('hall.png')
    const { body } = await uploadedFile('hall-retouched.jpg')
    const replaced = await replace(record.id, { ...body, width: 1200, height: 800 })
    expect(replaced.status).toBe(200)
    const { record: after, previous } = replaceFileResponseSchema.parse(replaced.body)

    expect(after).toMatchObject({
      id: record.id,
      title: 'Opening night',
      description: 'The hall before the doors opened',
      category: 'Images',
      tags: ['festival', 'hall'],
      notes: 'Credit the photographer',
      author: 'Ana',
      folder_path: record.folder_path,
      created_at: record.created_at,
      media_url: body.media_url,
      file_type: 'image/jpeg',
      format: 'jpg',
      file_size: body.file_size,
      width: 1200,
      height: 800,
    })
    expect(after.media_url).not.toBe(record.media_url)
    expect(after.sha256).not.toBe(record.sha256)
    expect(after.sha256).toMatch(/^[a-f0-9]{64}$/)
    expect(previous?.media_url).toBe(record.media_url)
  })

  it('puts the old version in the trash as a file of its own, which Restore brings back', async () => {
    const { record } = await createRecord('hall.png')
    const { body } = await uploadedFile('hall-retouched.png')
    const now = new Date()
    await replace(record.id, body)

    const [old, ...others] = await trashed()
    expect(others).toEqual([])
    const day = now.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
    expect(old).toMatchObject({
      title: `Opening night (replaced ${day})`,
      description: record.description,
      tags: record.tags,
      media_url: record.media_url,
      sha256: record.sha256,
      file_type: 'image/png',
    })
    expect(old?.id).not.toBe(record.id)

    const restored = await call('POST', '/api/trash/restore', { ids: [old?.id] })
    expect(restored.status).toBe(200)
    const listed = (await (await call('GET', '/api/media')).json()) as { records: MediaRecord[] }
    expect(listed.records.map(({ id, media_url }) => ({ id, media_url }))).toEqual(
      expect.arrayContaining([
        { id: record.id, media_url: body.media_url },
        { id: old?.id, media_url: record.media_url },
      ]),
    )
  })

  it('keeps the old bytes while its version is in the trash, and releases them when it is purged', async () => {
    const { record, fileId: oldFile } = await createRecord('hall.png')
    const { body, fileId: newFile } = await uploadedFile('hall-retouched.png')
    await replace(record.id, body)
    expect(await fileIsStored(stores(), oldFile)).toBe(true)

    const [old] = await trashed()
    expect((await call('POST', '/api/trash/purge', { ids: [old?.id] })).status).toBe(200)
    expect(await fileIsStored(stores(), oldFile)).toBe(false)
    expect(await fileIsStored(stores(), newFile)).toBe(true)
  })

  it('keeps the old bytes when another record still uses them, even after the old version is purged', async () => {
    const { record, fileId: oldFile } = await createRecord('hall.png')
    const twin = await call('POST', '/api/upload', { media_url: record.media_url, title: 'Twin' })
    expect(twin.status).toBe(201)
    await replace(record.id, (await uploadedFile('hall-retouched.png')).body)
    const [old] = await trashed()
    await call('POST', '/api/trash/purge', { ids: [old?.id] })
    expect(await fileIsStored(stores(), oldFile)).toBe(true)
  })

  it('changes nothing when repeated: a retry answers the record and leaves one old version', async () => {
    const { record } = await createRecord('hall.png')
    const { body } = await uploadedFile('hall-retouched.png')
    const first = replaceFileResponseSchema.parse((await replace(record.id, body)).body)
    const again = await replace(record.id, { ...body, replaces: record.media_url })
    expect(again.status).toBe(200)
    const second = replaceFileResponseSchema.parse(again.body)
    expect(second.record).toEqual(first.record)
    expect(second.previous).toBeNull()
    expect(await trashed()).toHaveLength(1)
  })

  it('refuses with 409 when the file was replaced since the client saw it, leaving no trace', async () => {
    const { record } = await createRecord('hall.png')
    await replace(record.id, (await uploadedFile('second.png')).body)
    const late = await replace(record.id, {
      ...(await uploadedFile('third.png')).body,
      replaces: record.media_url,
    })
    expect(late.status).toBe(409)
    expect(late.body).toEqual({
      error: `The file of ${String(record.id)} was replaced meanwhile; reload to see the current version`,
    })
    expect(await trashed()).toHaveLength(1)
  })

  it('answers 404 for an unknown record and for one in the trash', async () => {
    const { body } = await uploadedFile('hall.png')
    expect(await replace(999, body)).toEqual({ status: 404, body: { error: 'File 999 not found' } })
    const { record } = await createRecord('gone.png')
    await call('DELETE', `/api/delete/${String(record.id)}`)
    expect((await replace(record.id, body)).status).toBe(404)
    expect(await trashed()).toHaveLength(1)
  })

  it('answers 400 for bad input: no media_url, a file not stored here, a malformed id', async () => {
    const { record } = await createRecord('hall.png')
    const missing = await replace(record.id, { file_size: 10 })
    expect(missing).toEqual({ status: 400, body: { error: 'media_url is required' } })
    const unknown = await replace(record.id, { media_url: '/api/files/0m7u10c2gqfUd-ADN1Qehn7qo/x.png' })
    expect(unknown.status).toBe(400)
    expect((await replace(Number.NaN, { media_url: record.media_url })).status).toBe(400)
    expect(await trashed()).toEqual([])
  })

  it('marks a mirrored record pending with its item kept and its asset outdated, for the sync to replace', async () => {
    const { record } = await createRecord('hall.png')
    const synced = { state: 'synced' as const, item_id: 'item-1', asset_id: 'asset-1', revision: 2 }
    await operateOnRecords(documents, [record.id], (current) => ({
      record: current && { ...current, webflow: { ...synced, updated_at: record.updated_at } },
      result: null,
    }))
    const { body } = await uploadedFile('hall-retouched.png')
    const { record: after, previous } = await replaceFile(documents, record.id, body, new Date(), true)
    // The item may still show the old asset: it stays named, to be removed once the item shows the new.
    expect(after.webflow).toMatchObject({
      state: 'pending',
      item_id: 'item-1',
      asset_id: 'asset-1',
      asset_outdated: true,
      revision: 3,
    })
    expect(previous).not.toHaveProperty('webflow')
  })
})
