/**
 * Every endpoint that reads a body gets a sweep of bad bodies. Each must be refused with a 4xx and a
 * JSON `error` string (never a 5xx), and the stored data must be exactly as before.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import type { Folder } from '../../src/contract/folder'
import type { MediaRecord } from '../../src/contract/record'
import { api, mapLimited, type Method } from '../support/api-client'
import { createFolder, snapshot, uniqueName, uploadRecord } from '../support/api-steps'

const DEPTH = 10_000
/** `[[[...]]]`, 10,000 levels deep. */
const NESTED_ARRAYS = '['.repeat(DEPTH) + ']'.repeat(DEPTH)
/** `{"a":{"a":...1...}}`, 10,000 levels deep. */
const NESTED_OBJECTS = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)
/** A string just under the 1,000,000-byte body limit, so only field validation can refuse it. */
const HUGE = 'x'.repeat(900_000)
const URL_OK = 'https://media.example.test/sweep.png'

interface BadBody {
  label: string
  /** The raw request body. */
  body: string
  contentType?: string
}

const json = (value: unknown) => JSON.stringify(value)

/** Bodies every JSON endpoint must refuse, whatever it expects. */
const COMMON: BadBody[] = [
  { label: 'invalid JSON (truncated)', body: '{"a": 1' },
  { label: 'invalid JSON (single quotes)', body: "{'a': 1}" },
  { label: 'empty body', body: '' },
  { label: 'JSON array', body: '[]' },
  { label: 'JSON number', body: '42' },
  { label: 'JSON null', body: 'null' },
  { label: 'nested arrays, 10,000 levels', body: NESTED_ARRAYS },
  { label: 'nested objects, 10,000 levels', body: NESTED_OBJECTS },
  { label: 'not JSON content type', body: '{}', contentType: 'text/plain' },
  { label: 'body over 1,000,000 bytes', body: json({ padding: 'x'.repeat(1_100_000) }) },
]

interface Endpoint {
  name: string
  method: Method
  path: () => string
  bad: () => BadBody[]
}

let record: MediaRecord
let folder: Folder

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/upload',
    method: 'POST',
    path: () => '/api/upload',
    bad: () => [
      { label: '__proto__ holding the body', body: `{"__proto__": ${json({ media_url: URL_OK })}}` },
      { label: 'url a number', body: json({ media_url: 123 }) },
      { label: 'title a number', body: json({ media_url: URL_OK, title: 42 }) },
      { label: 'tags an object', body: json({ media_url: URL_OK, tags: { a: 1 } }) },
      { label: 'negative size', body: json({ media_url: URL_OK, file_size: -1 }) },
      { label: 'size with letters', body: json({ media_url: URL_OK, 'File Size': '12abc' }) },
      { label: 'not a date', body: json({ media_url: URL_OK, upload_date: 'yesterday' }) },
      { label: 'huge title', body: json({ media_url: URL_OK, title: HUGE }) },
      { label: 'huge url', body: json({ media_url: `https://media.example.test/${HUGE}` }) },
      { label: 'lone surrogate in title', body: String.raw`{"media_url": "${URL_OK}", "title": "\ud800"}` },
      {
        label: 'lone surrogate in url',
        body: String.raw`{"media_url": "https://media.example.test/\udfff.png"}`,
      },
      {
        label: 'lone surrogate in a tag',
        body: String.raw`{"media_url": "${URL_OK}", "tags": ["ok", "\ud83d"]}`,
      },
      { label: 'nested arrays as title', body: `{"media_url": "${URL_OK}", "title": ${NESTED_ARRAYS}}` },
    ],
  },
  {
    name: 'PATCH /api/update/{id}',
    method: 'PATCH',
    path: () => `/api/update/${String(record.id)}`,
    bad: () => [
      { label: '__proto__ holding the fields', body: '{"__proto__": {"title": "hijacked"}}' },
      { label: 'only unknown fields', body: json({ constructor: { prototype: { title: 'x' } } }) },
      { label: 'title a number', body: json({ title: 42 }) },
      { label: 'tags an object', body: json({ tags: { a: 1 } }) },
      { label: 'huge title', body: json({ title: HUGE }) },
      { label: 'huge tags string', body: json({ tags: 'a,'.repeat(400_000) }) },
      { label: 'lone surrogate in title', body: String.raw`{"title": "\ud800"}` },
      { label: 'lone surrogate in tags', body: String.raw`{"tags": "ok,\udbff"}` },
      { label: 'nested arrays as title', body: `{"title": ${NESTED_ARRAYS}}` },
    ],
  },
  {
    name: 'POST /api/batch-update',
    method: 'POST',
    path: () => '/api/batch-update',
    bad: () => [
      {
        label: '__proto__ holding the body',
        body: `{"__proto__": ${json({ updates: [{ id: record.id, fields: { title: 'hijacked' } }] })}}`,
      },
      {
        label: '__proto__ holding the fields',
        body: `{"updates": [{"id": ${String(record.id)}, "fields": {"__proto__": {"title": "hijacked"}}}]}`,
      },
      { label: 'updates a string', body: json({ updates: 'title=x' }) },
      { label: 'update without fields', body: json({ updates: [{ id: record.id }] }) },
      { label: 'title a number', body: json({ updates: [{ id: record.id, fields: { title: 42 } }] }) },
      { label: 'id a string', body: json({ updates: [{ id: String(record.id), fields: { title: 'x' } }] }) },
      { label: 'huge title', body: json({ updates: [{ id: record.id, fields: { title: HUGE } }] }) },
      {
        label: 'lone surrogate in title',
        body: String.raw`{"updates": [{"id": ${String(record.id)}, "fields": {"title": "\ud800"}}]}`,
      },
      { label: 'nested arrays as updates', body: `{"updates": ${NESTED_ARRAYS}}` },
      {
        label: 'nested arrays as fields',
        body: `{"updates": [{"id": ${String(record.id)}, "fields": ${NESTED_ARRAYS}}]}`,
      },
    ],
  },
  {
    name: 'POST /api/batch-delete',
    method: 'POST',
    path: () => '/api/batch-delete',
    bad: () => [
      { label: '__proto__ holding the body', body: `{"__proto__": ${json({ ids: [record.id] })}}` },
      { label: 'ids a string', body: json({ ids: String(record.id) }) },
      { label: 'ids booleans', body: json({ ids: [true] }) },
      { label: 'ids nested once', body: json({ ids: [[record.id]] }) },
      { label: 'huge ids string', body: json({ ids: HUGE }) },
      { label: '200,000 ids', body: json({ ids: [record.id, ...Array.from({ length: 200_000 }, () => 0)] }) },
      { label: 'lone surrogate id', body: String.raw`{"ids": ["\ud800"]}` },
      { label: 'nested arrays as ids', body: `{"ids": ${NESTED_ARRAYS}}` },
    ],
  },
  {
    name: 'POST /api/folder-create',
    method: 'POST',
    path: () => '/api/folder-create',
    bad: () => [
      { label: '__proto__ holding the body', body: `{"__proto__": {"name": "${uniqueName('Proto')}"}}` },
      { label: 'name a number', body: json({ name: 42 }) },
      { label: 'name an object', body: json({ name: { first: 'a' } }) },
      { label: 'parent_path an array', body: json({ name: uniqueName('ok'), parent_path: ['a'] }) },
      { label: 'huge name', body: json({ name: HUGE }) },
      { label: 'huge parent_path', body: json({ name: uniqueName('ok'), parent_path: `/${HUGE}` }) },
      { label: 'lone surrogate in name', body: String.raw`{"name": "\ud800"}` },
      { label: 'lone surrogate in parent_path', body: String.raw`{"name": "ok", "parent_path": "/\udc00"}` },
      { label: 'nested arrays as name', body: `{"name": ${NESTED_ARRAYS}}` },
    ],
  },
  {
    name: 'POST /.netlify/functions/batch-move-to-folder',
    method: 'POST',
    path: () => '/.netlify/functions/batch-move-to-folder',
    bad: () => [
      {
        label: '__proto__ holding the body',
        body: `{"__proto__": ${json({ fileIds: [record.id], folderId: folder.id })}}`,
      },
      { label: 'folderId a string', body: json({ fileIds: [record.id], folderId: String(folder.id) }) },
      { label: 'fileIds a number', body: json({ fileIds: record.id, folderId: folder.id }) },
      { label: 'folderId an object', body: json({ fileIds: [record.id], folderId: {} }) },
      { label: 'huge folderId', body: json({ fileIds: [record.id], folderId: HUGE }) },
      {
        label: 'lone surrogate file id',
        body: String.raw`{"fileIds": ["\ud800"], "folderId": ${String(folder.id)}}`,
      },
      {
        label: 'nested arrays as fileIds',
        body: `{"fileIds": ${NESTED_ARRAYS}, "folderId": ${String(folder.id)}}`,
      },
    ],
  },
]

beforeAll(async () => {
  folder = await createFolder(uniqueName('Sweep'))
  record = await uploadRecord({ title: 'sweep target', tags: ['keep'] })
})

describe('malformed input', () => {
  it.each(endpoints)(
    '$name refuses every bad body with a 4xx JSON error and changes nothing',
    async (endpoint) => {
      const before = await snapshot()
      const bodies = [...COMMON, ...endpoint.bad()]
      const responses = await mapLimited(bodies, 6, ({ body, contentType }) =>
        api(endpoint.method, endpoint.path(), body, { 'content-type': contentType ?? 'application/json' }),
      )
      // Every problem at once, rather than only the first.
      const problems = responses.flatMap((response, i) => {
        const { error, success } = (response.body ?? {}) as { error?: unknown; success?: unknown }
        const refused =
          response.status >= 400 &&
          response.status < 500 &&
          /^application\/json/.test(response.headers.get('content-type') ?? '') &&
          typeof error === 'string' &&
          error !== '' &&
          // The upload endpoint keeps the spec's `{ success: false, error }`.
          (endpoint.name !== 'POST /api/upload' || success === false)
        return refused
          ? []
          : [`${bodies[i]?.label ?? '?'}: ${String(response.status)} ${response.text.slice(0, 200)}`]
      })
      expect(problems).toEqual([])
      expect(await snapshot()).toEqual(before)
    },
  )
})

describe('query parameters', () => {
  // The endpoints whose query the caller writes: a misspelt filter would otherwise be dropped, and the
  // answer look like the one asked for.
  const queries = () => [
    { path: '/api/media?limt=10', takes: 'cursor, limit' },
    { path: '/api/trash?cursor=&limt=10', takes: 'cursor, limit' },
    { path: '/api/activity?actions=file.updated', takes: 'actor, action, file_id, cursor' },
    { path: '/api/media-pages?shard=0-0', takes: 'shards, changes' },
    { path: `/api/shares?file=${String(record.id)}&fileId=1`, takes: 'file' },
    { path: '/api/tokens?everyone=true', takes: 'all' },
  ]

  it('refuses one an endpoint does not take, naming those it does, and one given twice', async () => {
    for (const { path, takes } of queries()) {
      const response = await api('GET', path)
      const name = /[?&]([a-zA-Z_]+)=[^&]*$/.exec(path)?.[1] ?? ''
      expect([path, response.status, response.body]).toEqual([
        path,
        400,
        { error: `Unknown parameter "${name}": this endpoint takes only ${takes}` },
      ])
    }
    const twice = await api('GET', '/api/media?limit=10&limit=20')
    expect([twice.status, twice.body]).toEqual([400, { error: 'limit is given more than once' }])
    // What each takes still works.
    expect((await api('GET', '/api/media?limit=1')).status).toBe(200)
    expect((await api('GET', `/api/shares?file=${String(record.id)}`)).status).toBe(200)
  })
})
