import { describe, expect, it } from 'vitest'

import { RecentlyUsed } from '../../../../netlify/server/records/recently-used'

describe('RecentlyUsed', () => {
  it('keeps at most its bound of entries, the one used longest ago making room', () => {
    const kept = new RecentlyUsed<string>(2)
    kept.set('a', 'A')
    kept.set('b', 'B')
    expect(kept.get('a')).toBe('A')
    kept.set('c', 'C')
    expect(kept.get('b')).toBeUndefined()
    expect(kept.get('a')).toBe('A')
    expect(kept.get('c')).toBe('C')
    expect(kept.size).toBe(2)
  })

  it('weighs each value, counts a replaced value once, and keeps nothing heavier than the bound', () => {
    const kept = new RecentlyUsed<string>(10, (text) => text.length)
    kept.set('a', 'xxxx')
    kept.set('a', 'xxxxx')
    kept.set('b', 'yyyyy')
    expect(kept.size).toBe(2)
    kept.set('c', 'z')
    expect(kept.get('a')).toBeUndefined()
    expect([kept.get('b'), kept.get('c')]).toEqual(['yyyyy', 'z'])
    kept.set('d', 'w'.repeat(11))
    expect(kept.get('d')).toBeUndefined()
    expect(kept.size).toBe(2)
    kept.delete('b')
    kept.set('e', 'v'.repeat(9))
    expect([kept.get('c'), kept.get('e')]).toEqual(['z', 'v'.repeat(9)])
  })
})
