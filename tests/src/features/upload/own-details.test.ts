import { describe, expect, it } from 'vitest'

import {
  fillFromFile,
  initialDetails,
  recordableDate,
  resolvedDetails,
} from '../../../../src/features/upload/own-details'

const file = { name: 'IMG_0001.jpg' }
const noShared = { description: '', tags: '', author: '' }

describe('recordableDate', () => {
  it('shows a zoned date in the reader’s time and a camera’s clock as it reads', () => {
    const zoned = recordableDate('2024-05-01T10:20:30+02:00')
    expect(new Date(zoned).getTime()).toBe(Date.parse('2024-05-01T08:20:30Z'))
    expect(recordableDate('2024-05-01T10:20:30')).toBe('2024-05-01T10:20:30')
  })

  it('offers no date a record cannot take', () => {
    expect(recordableDate('1969-07-20T20:17:40Z')).toBe('')
    expect(recordableDate('not a date')).toBe('')
  })
})

describe('fillFromFile', () => {
  it('fills only the fields still as they began, and marks them', () => {
    const typed = { ...initialDetails(file), description: 'Typed first' }
    const { details, filled } = fillFromFile(file, typed, [], {
      title: 'Harbour',
      description: 'From the file',
      tags: ['boats', 'dawn'],
      date: '2024-05-01T10:20:30',
    })
    expect(details).toEqual({
      title: 'Harbour',
      description: 'Typed first',
      tags: 'boats, dawn',
      author: '',
      date: '2024-05-01T10:20:30',
    })
    expect(filled).toEqual(['title', 'tags', 'date'])
  })
})

describe('resolvedDetails', () => {
  const own = {
    title: ' ',
    description: 'Own caption',
    tags: 'boats, dawn',
    author: 'Ada',
    date: '2024-05-01T10:20:30',
  }

  it('sends the file’s own details, its title from the name when blank, its date as an instant', () => {
    expect(resolvedDetails(own, noShared, file.name)).toEqual({
      title: 'IMG_0001',
      description: 'Own caption',
      tags: ['boats', 'dawn'],
      author: 'Ada',
      created_at: new Date('2024-05-01T10:20:30').toISOString(),
    })
  })

  it('lets a shared field with text in it win, and leaves a blank one to the file', () => {
    const shared = { description: 'For all', tags: ' ', author: 'Grace' }
    expect(resolvedDetails({ ...own, date: '' }, shared, file.name)).toEqual({
      title: 'IMG_0001',
      description: 'For all',
      tags: ['boats', 'dawn'],
      author: 'Grace',
    })
  })
})
