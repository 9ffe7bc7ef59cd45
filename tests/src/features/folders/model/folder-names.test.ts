import { describe, expect, it } from 'vitest'

import { compareFolderNames } from '../../../../../src/features/folders/model/folder-names'

describe('compareFolderNames', () => {
  it('puts numbers in their order, and ignores case and accents', () => {
    const names = ['Shoot 10', 'shoot 2', 'Éte', 'Archive', 'ete 1']
    expect([...names].sort(compareFolderNames)).toEqual(['Archive', 'Éte', 'ete 1', 'shoot 2', 'Shoot 10'])
    expect(compareFolderNames('Photos', 'photos')).toBe(0)
  })
})
