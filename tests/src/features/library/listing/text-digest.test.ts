import { describe, expect, it } from 'vitest'

import { textDigest } from '../../../../../src/features/library/listing/text-digest'

describe('textDigest', () => {
  it('is 16 hex digits, the same for the same text', () => {
    const text = JSON.stringify({ title: ['Sunset', 'Été à Paris', '東京'] })
    expect(textDigest(text)).toMatch(/^[0-9a-f]{16}$/)
    expect(textDigest(text)).toBe(textDigest(text.slice()))
  })

  it('changes with one character, with the order of two, and with a text cut short', () => {
    const text = '{"title":["File 2500","File 2501"]}'
    const digests = new Set([
      textDigest(text),
      textDigest(text.replace('2500', '2600')),
      textDigest(text.replace('2500', '5200')),
      textDigest(text.slice(0, -1)),
      textDigest(''),
    ])
    expect(digests.size).toBe(5)
  })

  it('differs with the seed', () => {
    expect(textDigest('{"title":[]}', 1)).not.toBe(textDigest('{"title":[]}', 2))
    expect(textDigest('{"title":[]}', 0)).toBe(textDigest('{"title":[]}'))
  })
})
