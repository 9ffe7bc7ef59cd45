import { describe, expect, it } from 'vitest'

import { updateResponseSchema, uploadResponseSchema } from '../../src/contract/api'
import { folderSchema } from '../../src/contract/folder'
import { api } from '../support/api-client'
import { listAllRecords, listFolders, recordsById, uniqueName, uploadRecords } from '../support/api-steps'

describe('concurrent writes', () => {
  it('gives 16 parallel uploads 16 distinct ids, all listed afterwards', async () => {
    const batch = uniqueName('parallel')
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        api('POST', '/api/upload', {
          title: `${batch}-${String(i)}`,
          media_url: `https://media.example.test/${batch}/${String(i)}.png`,
        }),
      ),
    )
    const records = responses.map((response) => {
      expect(response.status, response.text).toBe(201)
      const parsed = uploadResponseSchema.parse(response.body)
      if (!parsed.success) throw new Error(parsed.error)
      return parsed.record
    })
    const ids = records.map((record) => record.id as number)
    expect(new Set(ids).size).toBe(16)

    const listed = new Map((await listAllRecords()).map((record) => [record.id as number, record]))
    records.forEach((record, i) => {
      expect(listed.get(record.id)).toEqual(record)
      expect(record.title).toBe(`${batch}-${String(i)}`)
    })
  }, 120_000)

  it('loses no update when parallel PATCHes hit records stored together', async () => {
    // Consecutive ids share one storage document, so each PATCH rewrites the same document.
    const records = await uploadRecords(8)
    const responses = await Promise.all(
      records.map((record, i) =>
        api('PATCH', `/api/update/${String(record.id)}`, { title: `parallel edit ${String(i)}` }),
      ),
    )
    for (const response of responses) {
      expect(response.status, response.text).toBe(200)
      updateResponseSchema.parse(response.body)
    }
    const listed = await recordsById()
    records.forEach((record, i) => {
      expect(listed.get(record.id)?.title).toBe(`parallel edit ${String(i)}`)
    })
  }, 120_000)

  it('creates a folder name once when the same create arrives 8 times at once', async () => {
    const name = uniqueName('Race')
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', '/api/folder-create', { name })),
    )
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    const created = responses.find((response) => response.status === 201)
    const folder = folderSchema.parse(created?.body)
    expect((await listFolders()).filter((candidate) => candidate.name === name)).toEqual([folder])
  }, 120_000)
})
