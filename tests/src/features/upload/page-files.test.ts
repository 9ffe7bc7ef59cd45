import { describe, expect, it } from 'vitest'

import {
  carriesFiles,
  carriesOwnItems,
  filesOf,
  uploadFolderFor,
  uploadFolderLabel,
} from '../../../../src/features/upload/page-files'
import { FILE_DRAG_TYPE } from '../../../../src/lib/drag'

const photo = new File(['png'], 'photo.png', { type: 'image/png' })

describe('what a drag or a paste carries', () => {
  it('counts as files only with the Files type, which a drag from the file manager has from its start', () => {
    expect(carriesFiles({ types: ['Files'] })).toBe(true)
    expect(carriesFiles({ types: ['text/plain', 'text/uri-list'] })).toBe(false)
    expect(carriesFiles({ types: [FILE_DRAG_TYPE] })).toBe(false)
    expect(carriesFiles(null)).toBe(false)
  })

  it("tells the screen's own cards and rows apart, so a move to a folder is never an upload", () => {
    expect(carriesOwnItems({ types: [FILE_DRAG_TYPE, 'text/plain'] })).toBe(true)
    expect(carriesOwnItems({ types: ['Files'] })).toBe(false)
  })

  it('reads the files of a drop or a paste, and none from text', () => {
    expect(filesOf({ types: ['Files'], files: [photo] })).toEqual([photo])
    expect(filesOf({ types: ['text/plain'], files: [] })).toEqual([])
    expect(filesOf(null)).toEqual([])
  })
})

describe('where page files go', () => {
  it('goes to the folder shown, and to the top level from All files and from the Trash', () => {
    expect(uploadFolderFor('/Photos/2024', false)).toBe('/Photos/2024')
    expect(uploadFolderFor('/', false)).toBe('/')
    expect(uploadFolderFor(null, false)).toBe('/')
    expect(uploadFolderFor('/Photos/2024', true)).toBe('/')
  })

  it('names the place as the screen does', () => {
    expect(uploadFolderLabel('/Photos/2024', false)).toBe('Photos / 2024')
    expect(uploadFolderLabel('/Photos', false)).toBe('Photos')
    expect(uploadFolderLabel('/', false)).toBe('Uncategorized')
    expect(uploadFolderLabel(null, false)).toBe('All files')
    expect(uploadFolderLabel('/Photos/2024', true)).toBe('All files')
  })
})
