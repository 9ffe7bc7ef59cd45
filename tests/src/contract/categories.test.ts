import { describe, expect, it } from 'vitest'

import { categoryChoices, categoryKindOf, categoryLabel } from '../../../src/contract/categories'

const FIXED = [
  { value: 'Images', label: 'Images' },
  { value: 'Video', label: 'Videos' },
  { value: 'Documents', label: 'Documents' },
  { value: 'Audio', label: 'Audio' },
  { value: 'Files', label: 'Other' },
]

describe('categoryLabel', () => {
  it.each([
    ['Images', 'Images'],
    ['images', 'Images'],
    ['image', 'Images'],
    ['Video', 'Videos'],
    ['video', 'Videos'],
    ['Videos', 'Videos'],
    [' VIDEOS ', 'Videos'],
    ['Documents', 'Documents'],
    ['document', 'Documents'],
    ['Audio', 'Audio'],
    ['Files', 'Other'],
    ['file', 'Other'],
    ['Other', 'Other'],
    ['', 'Other'],
  ])('shows the stored %j as %j', (stored, label) => {
    expect(categoryLabel(stored)).toBe(label)
  })

  it('shows a custom category as typed, without the spaces around it', () => {
    expect(categoryLabel('Press kit')).toBe('Press kit')
    expect(categoryLabel('  Press kit ')).toBe('Press kit')
    expect(categoryKindOf('Press kit')).toBeNull()
  })

  it('never reads an inherited member as a category', () => {
    expect(categoryKindOf('constructor')).toBeNull()
    expect(categoryLabel('toString')).toBe('toString')
  })
})

describe('categoryChoices', () => {
  it('offers the stored categories under the labels, in the category selector order', () => {
    expect(categoryChoices()).toEqual(FIXED)
    expect(categoryChoices('Video')).toEqual(FIXED)
  })

  it("keeps a record's own spelling as the value of its kind's choice", () => {
    expect(categoryChoices('videos')).toEqual([
      FIXED[0],
      { value: 'videos', label: 'Videos' },
      FIXED[2],
      FIXED[3],
      FIXED[4],
    ])
    expect(categoryChoices('file').at(-1)).toEqual({ value: 'file', label: 'Other' })
  })

  it('offers a custom category last, as typed', () => {
    expect(categoryChoices('Press kit')).toEqual([...FIXED, { value: 'Press kit', label: 'Press kit' }])
  })
})
