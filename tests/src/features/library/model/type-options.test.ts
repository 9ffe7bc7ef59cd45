import { describe, expect, it } from 'vitest'

import { typeGroupsOf, typeSortKey } from '../../../../../src/features/library/model/type-options'

describe('typeGroupsOf', () => {
  it('groups the types by kind, in the category selector order, each named and sorted by its name', () => {
    const groups = typeGroupsOf([
      'video/mp4',
      'application/zip',
      'image/png',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'audio/mpeg',
      'image/jpeg',
      'application/pdf',
      'application/octet-stream',
      'image/png',
    ])
    expect(groups).toEqual([
      {
        label: 'Images',
        options: [
          { value: 'image/jpeg', label: 'JPEG image' },
          { value: 'image/png', label: 'PNG image' },
        ],
      },
      { label: 'Videos', options: [{ value: 'video/mp4', label: 'MP4 video' }] },
      {
        label: 'Documents',
        options: [
          {
            value: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            label: 'Excel spreadsheet (.xlsx)',
          },
          { value: 'application/pdf', label: 'PDF document' },
        ],
      },
      { label: 'Audio', options: [{ value: 'audio/mpeg', label: 'MP3 audio' }] },
      {
        label: 'Other',
        options: [
          { value: 'application/octet-stream', label: 'File' },
          { value: 'application/zip', label: 'ZIP archive' },
        ],
      },
    ])
  })

  it('leaves out kinds with no type, and tells apart two types of one name by their MIME type', () => {
    expect(typeGroupsOf(['audio/x-wav', 'audio/wav'])).toEqual([
      {
        label: 'Audio',
        options: [
          { value: 'audio/wav', label: 'WAV audio (audio/wav)' },
          { value: 'audio/x-wav', label: 'WAV audio (audio/x-wav)' },
        ],
      },
    ])
    expect(typeGroupsOf([])).toEqual([])
  })
})

describe('typeSortKey', () => {
  it('orders by the type name first, then the readable name, then the MIME type', () => {
    const keys = ['video/mp4', 'image/png', 'image/jpeg', 'application/zip', 'text/csv', 'application/pdf']
    expect([...keys].sort((a, b) => (typeSortKey(a) < typeSortKey(b) ? -1 : 1))).toEqual([
      'text/csv',
      'application/pdf',
      'application/zip',
      'image/jpeg',
      'image/png',
      'video/mp4',
    ])
  })
})
