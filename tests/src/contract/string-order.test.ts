import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { orderByStrings } from '../../../src/contract/string-order'

/** What the radix sort must equal: a stable comparison sort by `<`. */
function comparisonOrder(keys: readonly string[]): number[] {
  return Array.from(keys.keys()).sort((a, b) => {
    const left = keys[a] ?? ''
    const right = keys[b] ?? ''
    return left === right ? a - b : left < right ? -1 : 1
  })
}

describe('orderByStrings', () => {
  it('orders as `<` does, ties in position order, for any keys', () => {
    // A small alphabet gives long shared prefixes and many equal keys; the code units above 255 take
    // the fallback path (accents, CJK, surrogate halves).
    const alphabet = fc.constantFrom(
      'a',
      'b',
      'c',
      ' ',
      '0',
      '9',
      'é',
      '\u00ff',
      '\u0100',
      '\u4e00',
      '\ud83d',
    )
    const key = fc.array(alphabet, { maxLength: 12 }).map((chars) => chars.join(''))
    fc.assert(
      fc.property(fc.array(key, { maxLength: 400 }), (keys) => {
        expect(Array.from(orderByStrings(keys))).toEqual(comparisonOrder(keys))
      }),
      { numRuns: 200 },
    )
  })

  it('sorts groups larger than the insertion-sort cutoff that share a long prefix', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `beach sunset 000000000${String((i * 7919) % 1000)}`)
    expect(Array.from(orderByStrings(keys))).toEqual(comparisonOrder(keys))
  })

  it('handles no keys and one key', () => {
    expect(Array.from(orderByStrings([]))).toEqual([])
    expect(Array.from(orderByStrings(['only']))).toEqual([0])
  })
})
