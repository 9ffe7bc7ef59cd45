import { describe, expect, it } from 'vitest'

import { allocateFileIdFrom } from '../../../../netlify/server/records/id-counter'
import { listShardRange } from '../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { inTitleOrder, pageRange } from '../../../../src/contract/media-pages'
import { decodeMediaPage } from '../../../../src/contract/media-page-codec'
import { listedRecord } from '../../../support/listed-record'

const TITLES = new Map([
  [1, 'Zebra'],
  [2, 'clip 10'],
  [3, 'Clip 2'],
  [4, 'apple'],
  [700, 'Aardvark'],
])

describe("the first page's title order", () => {
  it('comes with the first page, in the default order, and with no other page', async () => {
    const store = new MemoryDocumentStore()
    await allocateFileIdFrom(store, 701)
    await operateOnRecords(store, [...TITLES.keys()], (_current, id) => ({
      record: listedRecord(id, { title: TITLES.get(id) ?? '' }),
      result: null,
    }))
    const first = await listShardRange(store, { ...pageRange(0), ifNoneMatch: null })
    if (first.notModified) throw new Error('304 without If-None-Match')
    const titles = inTitleOrder(decodeMediaPage(first.answer), first.answer.title_order).map(
      (record) => record.title,
    )
    expect(titles).toEqual(['apple', 'Clip 2', 'clip 10', 'Zebra'])
    const second = await listShardRange(store, { ...pageRange(1), ifNoneMatch: null })
    if (second.notModified) throw new Error('304 without If-None-Match')
    expect(decodeMediaPage(second.answer).map((record) => record.title)).toEqual(['Aardvark'])
    expect(second.answer.title_order).toBeUndefined()
  })
})
