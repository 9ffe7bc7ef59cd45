import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { encodeMediaPage } from '../../../../../src/contract/media-pages'
import type { MediaRecord } from '../../../../../src/contract/record'
import {
  forgetKeptFirstPage,
  keepFirstPage,
  keepFirstPageWhenIdle,
  readKeptFirstPage,
} from '../../../../../src/features/library/listing/kept-first-page'
import { keptDigest, type KeptPage } from '../../../../../src/features/library/listing/listing-cache'
import { textDigest } from '../../../../../src/features/library/listing/text-digest'
import { listedRecord } from '../../../../support/listed-record'
import { MemoryStorage } from '../../../../support/memory-storage'

/** With a tag, so the page's tags column is kept and read back too. */
const record = (id: number) => listedRecord(id, { tags: ['sea'] })

/** A first page as the worker keeps it, in a library of 120 shards (four pages). */
function firstPage(records: readonly MediaRecord[]): KeptPage {
  const text = JSON.stringify(encodeMediaPage(records, { from: 0, to: 3, shardCount: 120 }))
  return { page: 0, etag: '"first"', text, digest: keptDigest(text), count: records.length, shardCount: 120 }
}

let storage: MemoryStorage

beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the kept first page', () => {
  it('is read back as its records, with its digest and the shards that give the layout', () => {
    const records = [record(1), record(7)]
    const page = firstPage(records)
    keepFirstPage(page)
    expect(readKeptFirstPage()).toEqual({ digest: page.digest, records, shardCount: 120 })
  })

  it('is dropped, not shown, when its text is not the one kept', () => {
    const page = firstPage([record(1)])
    keepFirstPage({ ...page, text: page.text.replace('File 1', 'File 9') })
    expect(readKeptFirstPage()).toBeUndefined()
    expect(storage.length).toBe(0)
  })

  it('is dropped when it was kept by a build whose page schema differs', () => {
    const page = firstPage([record(1)])
    // The same text, checked by another schema: its digest was seeded differently.
    keepFirstPage({ ...page, digest: textDigest(page.text) })
    expect(readKeptFirstPage()).toBeUndefined()
  })

  it('is dropped when what is stored is not a kept page at all', () => {
    keepFirstPage(firstPage([record(1)]))
    const key = storage.key(0) ?? ''
    storage.setItem(key, '{"page":0')
    expect(readKeptFirstPage()).toBeUndefined()
    expect(storage.getItem(key)).toBeNull()
  })

  it('keeps nothing, and throws nothing, when the storage is full', () => {
    keepFirstPage(firstPage([record(1)]))
    storage.full = true
    keepFirstPage(firstPage([record(2)]))
    // The older copy is gone too: the page never shows a first page older than the worker's.
    expect(readKeptFirstPage()).toBeUndefined()
  })

  it('is forgotten on request, and absent where there is no storage', () => {
    keepFirstPage(firstPage([record(1)]))
    forgetKeptFirstPage()
    expect(readKeptFirstPage()).toBeUndefined()
    vi.stubGlobal('localStorage', undefined)
    expect(() => {
      keepFirstPage(firstPage([record(1)]))
    }).not.toThrow()
    expect(readKeptFirstPage()).toBeUndefined()
  })

  it('is written once the page is idle, and not again when the copy kept is that page already', async () => {
    const page = firstPage([record(1)])
    const writes = vi.spyOn(storage, 'setItem')
    keepFirstPageWhenIdle(page)
    expect(writes).not.toHaveBeenCalled()
    await vi.waitFor(() => {
      expect(readKeptFirstPage()?.records).toEqual([record(1)])
    })
    // A reload: the worker sends the first page it shows, which is the one kept.
    keepFirstPageWhenIdle(page)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(writes).toHaveBeenCalledTimes(1)
  })

  it('writes only the latest of two first pages, and nothing once forgotten meanwhile', async () => {
    keepFirstPageWhenIdle(firstPage([record(1)]))
    keepFirstPageWhenIdle(firstPage([record(2)]))
    await vi.waitFor(() => {
      expect(readKeptFirstPage()?.records).toEqual([record(2)])
    })
    keepFirstPageWhenIdle(firstPage([record(3)]))
    // Signed out before the page was idle: the copy must not come back.
    forgetKeptFirstPage()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(readKeptFirstPage()).toBeUndefined()
  })
})
