import { describe, expect, it } from 'vitest'

import {
  changedElsewhere,
  changedElsewhereMessage,
  changedValues,
  type EditValues,
} from '../../../../../src/features/edit-file/model/edit-values'

const opened: EditValues = {
  title: 'Banner',
  description: 'Old',
  alt_text: '',
  category: 'Images',
  tags: 'a, b',
  author: 'Dana',
  station: '',
  notes: '',
}

describe('changedValues', () => {
  it('holds only the fields typed differently, tags by their list', () => {
    expect(changedValues(opened, { ...opened, title: 'Hero', tags: 'a,b ,' })).toEqual({ title: 'Hero' })
    expect(changedValues(opened, { ...opened, tags: 'b, a' })).toEqual({ tags: 'b, a' })
    expect(changedValues(opened, opened)).toEqual({})
  })
})

describe('changedElsewhere', () => {
  it('names the fields changed here that are stored with another value than the form opened with', () => {
    const stored = { ...opened, title: 'Theirs', description: 'Theirs too', author: 'Lee' }
    expect(changedElsewhere(opened, { title: 'Mine', notes: 'Mine' }, stored)).toEqual(['title'])
  })

  it('is no conflict when the stored value is the one typed here, or differs only as tags are written', () => {
    expect(changedElsewhere(opened, { title: 'Hero' }, { ...opened, title: 'Hero' })).toEqual([])
    expect(changedElsewhere(opened, { tags: 'c' }, { ...opened, tags: 'a,b' })).toEqual([])
  })
})

describe('changedElsewhereMessage', () => {
  it('names one field, or several in a list, with what each holds now when it is short', () => {
    const stored = { ...opened, title: 'Theirs', tags: '', notes: 'n'.repeat(61), alt_text: 'a'.repeat(60) }
    expect(changedElsewhereMessage(['alt_text'], stored)).toBe(
      `Someone else changed the alt text (now “${'a'.repeat(60)}”) since you opened this file. Save again to replace it with yours, or Cancel to keep theirs.`,
    )
    expect(changedElsewhereMessage(['title', 'tags', 'notes'], stored)).toBe(
      'Someone else changed the title (now “Theirs”), the tags (now empty) and the notes since you opened this file. Save again to replace them with yours, or Cancel to keep theirs.',
    )
  })
})
