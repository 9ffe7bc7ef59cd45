import { describe, expect, it } from 'vitest'

import { countOf } from '../../../src/lib/plural'

describe('countOf', () => {
  it('uses the singular for exactly one and the plural for every other count', () => {
    expect(countOf(1, 'file')).toBe('1 file')
    expect(countOf(0, 'file')).toBe('0 files')
    expect(countOf(2, 'file')).toBe('2 files')
    expect(countOf(1000, 'file')).toBe('1000 files')
  })

  it('takes an irregular plural', () => {
    expect(countOf(1, 'child', 'children')).toBe('1 child')
    expect(countOf(3, 'child', 'children')).toBe('3 children')
  })
})
