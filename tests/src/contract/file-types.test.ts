import { describe, expect, it } from 'vitest'

import {
  categoryFromMime,
  extensionOf,
  isArchive,
  isOffice,
  isPdf,
  isText,
  MIME_PATTERN,
  typeNameFromMime,
} from '../../../src/contract/file-types'
import { mimeFromName } from '../../../src/contract/mime-from-name'

describe('extensionOf', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['archive.tar.gz', 'gz'],
    ['https://cdn.example.com/a/b/clip.mp4?v=2#t=5', 'mp4'],
    ['https://cdn.example.com/v1.2/file', ''],
    ['/files/readme', ''],
    ['.hidden', ''],
    ['name.', ''],
    ['', ''],
  ])('reads %j as %j', (name, extension) => {
    expect(extensionOf(name)).toBe(extension)
  })
})

describe('categoryFromMime and typeNameFromMime', () => {
  it.each([
    ['image/png', 'Images', 'image'],
    ['image/svg+xml', 'Images', 'image'],
    ['video/mp4', 'Video', 'video'],
    ['video/quicktime', 'Video', 'video'],
    ['audio/mpeg', 'Audio', 'audio'],
    ['application/pdf', 'Documents', 'document'],
    ['text/plain', 'Documents', 'document'],
    ['text/markdown', 'Documents', 'document'],
    ['application/json', 'Documents', 'document'],
    ['application/rtf', 'Documents', 'document'],
    ['application/msword', 'Documents', 'document'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Documents', 'document'],
    ['application/vnd.oasis.opendocument.presentation', 'Documents', 'document'],
    ['application/zip', 'Files', 'file'],
    ['application/gzip', 'Files', 'file'],
    ['application/octet-stream', 'Files', 'file'],
    ['', 'Files', 'file'],
  ])('classes %j as category %j and type %j', (mime, category, typeName) => {
    expect(categoryFromMime(mime)).toBe(category)
    expect(typeNameFromMime(mime)).toBe(typeName)
  })

  it('classes every extension of the map consistently with its MIME family', () => {
    expect(categoryFromMime(mimeFromName('clip.mkv'))).toBe('Video')
    expect(categoryFromMime(mimeFromName('voice.aac'))).toBe('Audio')
    expect(categoryFromMime(mimeFromName('slides.ppt'))).toBe('Documents')
    expect(categoryFromMime(mimeFromName('backup.7z'))).toBe('Files')
  })
})

describe('MIME family tests', () => {
  it('tells PDFs, office files, archives and text apart', () => {
    expect(isPdf('application/pdf')).toBe(true)
    expect(isPdf('application/zip')).toBe(false)
    expect(isOffice(mimeFromName('a.docx'))).toBe(true)
    expect(isOffice('application/pdf')).toBe(false)
    expect(isArchive(mimeFromName('a.rar'))).toBe(true)
    expect(isArchive('application/pdf')).toBe(false)
    expect(isText('text/csv')).toBe(true)
    expect(isText('application/json')).toBe(true)
    expect(isText('application/pdf')).toBe(false)
  })
})

describe('MIME_PATTERN', () => {
  it.each(['image/png', 'image/svg+xml', 'application/vnd.ms-excel', 'video/x-matroska'])(
    'accepts %j',
    (mime) => {
      expect(MIME_PATTERN.test(mime)).toBe(true)
    },
  )

  it.each(['png', 'image/', '/png', 'image/png; charset=utf-8', 'text/html\n', 'a/b/c'])(
    'refuses %j',
    (mime) => {
      expect(MIME_PATTERN.test(mime)).toBe(false)
    },
  )
})
