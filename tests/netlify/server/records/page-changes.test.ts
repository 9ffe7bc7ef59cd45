import { beforeEach, describe, expect, it } from 'vitest'

import { allocateFileIds } from '../../../../netlify/server/records/id-counter'
import { listPageChanges, pageEtagsOf } from '../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import type { ListedDocument } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { changesCursor, pageCountOf, pageShards } from '../../../../src/contract/media-pages'
import { decodeMediaPage } from '../../../../src/contract/media-page-codec'
import { mediaPageChangesSchema } from '../../../../src/contract/media-pages-schema'
import { routeToFunction } from '../../../support/function-router'
import { listedRecord } from '../../../support/listed-record'

/**
 * `GET /api/media-pages?changes=<cursor>` through its real handler over an in-memory store: every page's
 * ETag, each the one that page's own GET gives, and the pages whose ETag moved since the cursor, each the
 * answer its own GET gives (decision 0083).
 */
let store: MemoryDocumentStore

beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store, new MemoryByteStore())
})

async function seed(ids: readonly number[], title = ''): Promise<void> {
  await allocateFileIds(store, Math.max(0, ...ids))
  await operateOnRecords(store, ids, (_current, id) => ({
    record: listedRecord(id, title === '' ? {} : { title: `${title} ${String(id)}` }),
    result: null,
  }))
}

async function remove(ids: readonly number[]): Promise<void> {
  await operateOnRecords(store, ids, () => ({ record: null, result: null }))
}

async function get(query: string): Promise<Response> {
  const answer = await routeToFunction(new Request(`http://localhost/api/media-pages?${query}`))
  if (!answer) throw new Error('no function serves /api/media-pages')
  return answer
}

async function changesSince(held: readonly string[]) {
  const answer = await get(`changes=${changesCursor(held)}`)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  return mediaPageChangesSchema.parse(await answer.json())
}

/** Each page's ETag and answer as its own GET gives them. */
async function pagesAsAsked(count: number): Promise<{ etag: string; answer: unknown }[]> {
  const pages = []
  for (let page = 0; page < count; page++) {
    const answer = await get(`shards=${pageShards(page)}`)
    expect(answer.status).toBe(200)
    pages.push({ etag: answer.headers.get('etag') ?? '', answer: (await answer.json()) as unknown })
  }
  return pages
}

/** The changes since nothing held: every page, each exactly as its own GET answers it. */
async function expectSameAsPages(): Promise<string[]> {
  const changes = await changesSince([])
  expect(changes.etags).toHaveLength(pageCountOf(changes.shard_count))
  const pages = await pagesAsAsked(changes.etags.length)
  expect(changes.etags).toEqual(pages.map(({ etag }) => etag))
  expect(changes.pages.map(({ page }) => page)).toEqual(pages.map((_, page) => page))
  expect(changes.pages.map(({ answer }) => answer)).toEqual(pages.map(({ answer }) => answer))
  return changes.etags
}

describe('GET /api/media-pages?changes=', () => {
  it('counts only shard documents: a stray key under records/ changes no page and no count', async () => {
    await seed([1, 2_500])
    const before = await changesSince([])
    await store.write('records/Infinity', { records: [] }, { ifNew: true })
    await store.write('records/notes', 'not a shard', { ifNew: true })
    const after = await changesSince(before.etags)
    expect(after.shard_count).toBe(before.shard_count)
    expect(after.etags).toEqual(before.etags)
    expect(after.pages).toEqual([])
    expect(await expectSameAsPages()).toEqual(before.etags)
  })

  it('gives each page exactly the ETag and answer its own GET gives, as shards change, appear and are emptied', async () => {
    expect(await expectSameAsPages()).toHaveLength(2)
    await seed([1, 2_500, 30_000, 80_000])
    const before = await expectSameAsPages()
    expect(before).toHaveLength(pageCountOf(161))

    // A change in one shard changes that page alone, and only it is sent.
    await seed([30_001], 'Changed')
    const changed = await changesSince(before)
    expect(changed.etags.map((etag, page) => etag === before[page])).toEqual([true, true, false, true, true])
    expect(changed.pages.map(({ page }) => page)).toEqual([2])
    const [sent] = changed.pages
    expect(decodeMediaPage(sent?.answer ?? never()).map(({ id, title }) => [id, title])).toEqual([
      [30_000, 'File 30000'],
      [30_001, 'Changed 30001'],
    ])
    expect(await expectSameAsPages()).toEqual(changed.etags)

    // A shard far out adds pages, and changes the first page's ETag, which answers the shard count.
    await seed([260_000])
    const grown = await changesSince(changed.etags)
    expect(grown.etags).toHaveLength(pageCountOf(521))
    expect(grown.pages.map(({ page }) => page)).toEqual([0, 5, 6, 7, 8, 9, 10, 11])
    expect(grown.pages[0]?.answer.shard_count).toBe(521)

    // An emptied shard stays listed: its page changes, the layout does not.
    await remove([80_000])
    const emptied = await changesSince(grown.etags)
    expect(emptied.etags).toHaveLength(grown.etags.length)
    expect(emptied.pages.map(({ page }) => page)).toEqual([4])
    expect(emptied.pages[0]?.answer.count).toBe(0)

    // A shard gone altogether shrinks the grid.
    await store.remove('records/000520')
    const shrunk = await changesSince(emptied.etags)
    expect(shrunk.etags).toHaveLength(pageCountOf(161))
    expect(await expectSameAsPages()).toEqual(shrunk.etags)
  })

  it('takes a page the cursor does not name, or names with an ETag of another version, as not held', async () => {
    await seed([1, 30_000])
    const { etags } = await changesSince([])
    const partial = await changesSince([etags[0] ?? ''])
    expect(partial.pages.map(({ page }) => page)).toEqual([1, 2])
    const stale = await changesSince(['"AAAAAAAAAAAAAAAAAAAAAAAAAAA"', ...etags.slice(1)])
    expect(stale.pages.map(({ page }) => page)).toEqual([0])
    // ETags that are not the server's are sent as not held.
    const foreign = await changesSince(['W/"x"', 'abc', ...etags.slice(2)])
    expect(foreign.pages.map(({ page }) => page)).toEqual([0, 1])
  })

  it('sends the changed pages that fit its budget, at least one, and leaves the rest to be asked for', async () => {
    await seed([1, 30_000, 60_000])
    const all = await changesSince([])
    const sizes = all.pages.map(({ answer }) => JSON.stringify(answer).length)
    const one = mediaPageChangesSchema.parse(JSON.parse(await listPageChanges(store, [], 1)))
    expect(one.pages.map(({ page }) => page)).toEqual([0])
    expect(one.etags).toEqual(all.etags)
    const fit = (sizes[0] ?? 0) + (sizes[1] ?? 0) + (sizes[2] ?? 0)
    const three = mediaPageChangesSchema.parse(JSON.parse(await listPageChanges(store, [], fit)))
    expect(three.pages.map(({ page }) => page)).toEqual([0, 1, 2])
  })

  it('refuses another parameter beside it, or a cursor that is not page ETags, as a bad range is refused', async () => {
    const message = {
      error: 'changes must be alone, the ETags of at most 1000 pages without quotes, joined by "."',
    }
    for (const query of [
      'changes=x&shards=0-3',
      'changes=abc',
      `changes=${'A'.repeat(28)}`,
      `changes=${'A'.repeat(27)}.%22x%22`,
      `changes=${'.'.repeat(1_000)}`,
      `changes=${'9'.repeat(10_000)}`,
    ]) {
      const answer = await get(query)
      expect(answer.status, query).toBe(400)
      expect(await answer.json()).toEqual(message)
    }
    // Given twice, it is refused as any parameter of any endpoint given twice is.
    const twice = await get('changes=&changes=')
    expect([twice.status, await twice.json()]).toEqual([400, { error: 'changes is given more than once' }])
    expect((await get('changes=')).status).toBe(200)
    expect((await get(`changes=${'.'.repeat(999)}`)).status).toBe(200)
  })

  it('answers a 1,000,000-record listing (2,000 shards) in a few KB when nothing changed', () => {
    const shards: ListedDocument[] = Array.from({ length: 2_000 }, (_, index) => ({
      key: `records/${String(index).padStart(6, '0')}`,
      etag: `"${'e'.repeat(32)}${String(index)}"`,
    }))
    const { etags } = pageEtagsOf(shards)
    expect(etags).toHaveLength(41)
    expect(changesCursor(etags).length).toBeLessThan(1_200)
    expect(JSON.stringify(etags).length).toBeLessThan(1_400)
  })
})

function never(): never {
  throw new Error('no page was sent')
}
