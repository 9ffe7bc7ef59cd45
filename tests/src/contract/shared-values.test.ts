import { describe, expect, it } from 'vitest'

import { PAGE_SHARDS } from '../../../src/contract/media-pages'
import { decodeMediaPage, encodeMediaPage } from '../../../src/contract/media-page-codec'
import { publicIdInUrl, SharedValues } from '../../../src/contract/shared-values'
import { listedRecord } from '../../support/listed-record'

describe('SharedValues', () => {
  it('gives back the list given before for the same tags, and a list of its own for other tags', () => {
    const shared = new SharedValues()
    const first = shared.tags(['a', 'b'])
    expect(shared.tags(['a', 'b'])).toBe(first)
    expect(shared.tags(['a', 'b', 'c'])).not.toBe(first)
    expect(shared.tags(['ab'])).toEqual(['ab'])
    expect(shared.tags([])).toBe(shared.tags([]))
  })

  it('gives back the string given before for an equal one', () => {
    const shared = new SharedValues()
    const first = shared.string('Dana')
    expect(shared.string(['Da', 'na'].join(''))).toBe(first)
  })
})

describe('publicIdInUrl', () => {
  it('is the public id, whether or not the media URL holds it', () => {
    const url = 'https://res.cloudinary.com/demo/image/upload/v1/media/beach-sunset-2026.jpg'
    expect(publicIdInUrl(url, 'media/beach-sunset-2026')).toBe('media/beach-sunset-2026')
    expect(publicIdInUrl(url, 'elsewhere/other')).toBe('elsewhere/other')
    expect(publicIdInUrl('', 'x')).toBe('x')
  })
})

describe('decodeMediaPage', () => {
  it('gives the records of a page with the same tags one list between them, and each its public id', () => {
    const records = [1, 2, 3].map((id) =>
      listedRecord(id, {
        tags: id === 2 ? ['b'] : ['a', 'b'],
        public_id: `media/file-${String(id)}`,
        media_url: `https://res.cloudinary.com/demo/image/upload/v1/media/file-${String(id)}.jpg`,
      }),
    )
    const decoded = decodeMediaPage(encodeMediaPage(records, { from: 0, to: PAGE_SHARDS - 1, shardCount: 1 }))
    expect(decoded).toEqual(records)
    expect(decoded[0]?.tags).toBe(decoded[2]?.tags)
    expect(decoded[1]?.tags).not.toBe(decoded[0]?.tags)
  })
})
