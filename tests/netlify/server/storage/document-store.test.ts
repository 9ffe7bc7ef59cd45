import { describe, expect, it } from 'vitest'

import type { DocumentStore } from '../../../../netlify/server/storage/document-store'
import {
  freshStoreForEachTest,
  pauseForDistinctEtags,
  STORE_KINDS,
  type StoreKind,
} from '../../../support/stores'

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function writeNew(store: DocumentStore, key: string, value: unknown): Promise<string> {
  const etag = await store.write(key, value, { ifNew: true })
  if (etag === null) throw new Error(`${key} already existed`)
  return etag
}

describe.each(STORE_KINDS)('DocumentStore contract (%s)', (kind: StoreKind) => {
  const store = freshStoreForEachTest(kind)

  it('reads a missing key as null', async () => {
    expect(await store().read('nothing/here')).toBeNull()
  })

  it('creates a document with ifNew exactly once', async () => {
    const first = await store().write('doc', { version: 1 }, { ifNew: true })
    expect(typeof first).toBe('string')
    expect(first).not.toBe('')

    expect(await store().write('doc', { version: 2 }, { ifNew: true })).toBeNull()

    const stored = await store().read('doc')
    expect(stored?.value).toEqual({ version: 1 })
    expect(stored?.etag).toBe(first)
  })

  it('round-trips JSON values exactly', async () => {
    const value = { text: 'naïve — 文字 🎞️', list: [1, 2.5, null, true], nested: { empty: {}, zero: 0 } }
    await writeNew(store(), 'json', value)
    expect((await store().read('json'))?.value).toEqual(value)
  })

  it('writes with ifMatch only while the etag is current', async () => {
    const first = await writeNew(store(), 'doc', { version: 1 })
    await pauseForDistinctEtags()
    const second = await store().write('doc', { version: 2 }, { ifMatch: first })
    expect(second).not.toBeNull()
    expect(second).not.toBe(first)

    // `first` is now stale: the write is refused and the document keeps the second version.
    expect(await store().write('doc', { version: 3 }, { ifMatch: first })).toBeNull()
    const stored = await store().read('doc')
    expect(stored?.value).toEqual({ version: 2 })
    expect(stored?.etag).toBe(second)
  })

  it('refuses an ifMatch write to a key that does not exist', async () => {
    expect(await store().write('absent', { version: 1 }, { ifMatch: '"whatever"' })).toBeNull()
    expect(await store().read('absent')).toBeNull()
  })

  it('gives every write a new etag', async () => {
    const etags = [await writeNew(store(), 'doc', { version: 0 })]
    for (let version = 1; version <= 5; version++) {
      await pauseForDistinctEtags()
      const etag = await store().write('doc', { version }, { ifMatch: etags[etags.length - 1] ?? '' })
      expect(etag).not.toBeNull()
      etags.push(etag ?? '')
    }
    expect(new Set(etags).size).toBe(etags.length)
    expect((await store().read('doc'))?.etag).toBe(etags[etags.length - 1])
  })

  it('lists only the keys under a prefix, sorted, with etags that reads and ifMatch agree with', async () => {
    await writeNew(store(), 'records/000010', { n: 10 })
    await writeNew(store(), 'counters/records', { next: 1 })
    await writeNew(store(), 'records/000000', { n: 0 })
    await writeNew(store(), 'folders', { n: -1 })
    await writeNew(store(), 'records/000002', { n: 2 })

    const listed = await store().list('records/')
    expect(listed.map(({ key }) => key)).toEqual(['records/000000', 'records/000002', 'records/000010'])

    for (const { key, etag } of listed) {
      expect(etag).not.toBe('')
      expect((await store().read(key))?.etag).toBe(etag)
    }

    await pauseForDistinctEtags()
    const [firstListed] = listed
    if (!firstListed) throw new Error('nothing listed')
    const rewritten = await store().write(firstListed.key, { n: 'rewritten' }, { ifMatch: firstListed.etag })
    expect(rewritten).not.toBeNull()
    expect((await store().read(firstListed.key))?.value).toEqual({ n: 'rewritten' })
    expect((await store().list('records/')).find(({ key }) => key === firstListed.key)?.etag).toBe(rewritten)
  })

  it('lists nothing for a prefix no key starts with', async () => {
    await writeNew(store(), 'records/000000', { n: 0 })
    expect(await store().list('trash/')).toEqual([])
  })

  it('removes a document, after which it reads as null, is not listed and can be created again', async () => {
    await writeNew(store(), 'records/000000', { n: 0 })
    await writeNew(store(), 'records/000001', { n: 1 })

    await store().remove('records/000000')

    expect(await store().read('records/000000')).toBeNull()
    expect((await store().list('records/')).map(({ key }) => key)).toEqual(['records/000001'])
    expect(await store().write('records/000000', { n: 'again' }, { ifNew: true })).not.toBeNull()
    expect((await store().read('records/000000'))?.value).toEqual({ n: 'again' })
  })

  it('removes a missing key without failing', async () => {
    await expect(store().remove('never/written')).resolves.toBeUndefined()
  })

  it('passes the result and the failure of an exclusive task through', async () => {
    expect(await store().exclusive('doc', () => Promise.resolve(42))).toBe(42)
    await expect(store().exclusive('doc', () => Promise.reject(new Error('task failed')))).rejects.toThrow(
      'task failed',
    )
    // A failed task releases the key: the next one runs.
    expect(await store().exclusive('doc', () => Promise.resolve('next'))).toBe('next')
  })
})

describe('BlobsDocumentStore over the local Blobs server', () => {
  const store = freshStoreForEachTest('blobs')

  it('runs exclusive tasks on one key one at a time, as its conditional writes need', async () => {
    let running = 0
    let mostAtOnce = 0
    const task = async () => {
      running++
      mostAtOnce = Math.max(mostAtOnce, running)
      await pause(2)
      running--
    }
    await Promise.all(Array.from({ length: 8 }, () => store().exclusive('contended', task)))
    expect(mostAtOnce).toBe(1)
  })
})
