/** Shared steps of the API tests: create records and folders, and read the whole data set back. */
import { randomUUID } from 'node:crypto'

import { expect } from 'vitest'

import { folderListSchema, mediaPageSchema, uploadResponseSchema } from '../../src/contract/api'
import { folderSchema, type Folder } from '../../src/contract/folder'
import type { MediaRecord } from '../../src/contract/record'
import { api, mapLimited, type ApiResponse } from './api-client'

/** A name no other test uses, for titles, URLs and folder names. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`
}

/** Uploads one record (a unique https URL unless `fields` gives one) and returns it. */
export async function uploadRecord(fields: Record<string, unknown> = {}): Promise<MediaRecord> {
  const name = uniqueName('file')
  const response = await api('POST', '/api/upload', {
    title: name,
    media_url: `https://media.example.test/${name}.png`,
    ...fields,
  })
  expect(response.status, response.text).toBe(201)
  const parsed = uploadResponseSchema.parse(response.body)
  if (!parsed.success) throw new Error(parsed.error)
  return parsed.record
}

export async function uploadRecords(count: number, fields: Record<string, unknown> = {}) {
  return mapLimited(Array.from({ length: count }), 4, () => uploadRecord(fields))
}

/** Every listed record, following `next` from page to page. */
export async function listAllRecords(pageSize?: number): Promise<MediaRecord[]> {
  const records: MediaRecord[] = []
  let cursor: string | null = null
  for (let page = 0; page < 1_000; page++) {
    const query = new URLSearchParams()
    if (pageSize !== undefined) query.set('limit', String(pageSize))
    if (cursor !== null) query.set('cursor', cursor)
    const response = await api('GET', `/api/media?${query.toString()}`)
    expect(response.status, response.text).toBe(200)
    const { records: pageRecords, next } = mediaPageSchema.parse(response.body)
    records.push(...pageRecords)
    if (next === null) return records
    cursor = next
  }
  throw new Error('GET /api/media never returned next: null')
}

export async function findRecord(id: number): Promise<MediaRecord | undefined> {
  return (await recordsById()).get(id)
}

/** Every listed record by id: one listing for several look-ups. */
export async function recordsById(): Promise<Map<number, MediaRecord>> {
  return new Map((await listAllRecords()).map((record) => [record.id as number, record]))
}

export async function listFolders(): Promise<Folder[]> {
  const response = await api('GET', '/api/folder-list')
  expect(response.status, response.text).toBe(200)
  return folderListSchema.parse(response.body)
}

export async function createFolder(name: string, parentPath?: string): Promise<Folder> {
  const response = await api('POST', '/api/folder-create', {
    name,
    ...(parentPath === undefined ? {} : { parent_path: parentPath }),
  })
  expect(response.status, response.text).toBe(201)
  return folderSchema.parse(response.body)
}

/** Everything the API stores, as it lists it: compared before and after a request that must change nothing. */
export async function snapshot(): Promise<{ records: MediaRecord[]; folders: Folder[] }> {
  const [records, folders] = await Promise.all([listAllRecords(), listFolders()])
  return { records, folders }
}

/** Asserts a refused request: a 4xx with a JSON body whose `error` is a non-empty string. */
export function expectClientError(response: ApiResponse, status?: number): string {
  const context = `${String(response.status)} ${response.text.slice(0, 300)}`
  if (status === undefined) {
    expect(response.status, context).toBeGreaterThanOrEqual(400)
    expect(response.status, context).toBeLessThan(500)
  } else {
    expect(response.status, context).toBe(status)
  }
  expect(response.headers.get('content-type'), context).toMatch(/^application\/json\b/)
  expect(response.body, context).toMatchObject({ error: expect.any(String) as unknown })
  const { error } = response.body as { error: string }
  expect(error.length, context).toBeGreaterThan(0)
  return error
}

export { apiProjectDir } from './api-client'
