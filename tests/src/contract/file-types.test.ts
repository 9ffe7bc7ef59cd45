import { describe, expect, it } from 'vitest'

import {
  categoryFromMime,
  extensionOf,
  fileTypeLabel,
  isArchive,
  isOffice,
  isPdf,
  isText,
  MIME_PATTERN,
  mimeFromName,
  typeNameFromMime,
  UNKNOWN_MIME,
} from '../../../src/contract/file-types'

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

describe('mimeFromName', () => {
  it.each([
    // images
    ['a.jpg', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.svg', 'image/svg+xml'],
    ['a.heic', 'image/heic'],
    // video
    ['a.mp4', 'video/mp4'],
    ['a.webm', 'video/webm'],
    ['a.mov', 'video/quicktime'],
    ['a.ogv', 'video/ogg'],
    // audio
    ['a.mp3', 'audio/mpeg'],
    ['a.wav', 'audio/wav'],
    ['a.ogg', 'audio/ogg'],
    ['a.m4a', 'audio/mp4'],
    ['a.flac', 'audio/flac'],
    // pdf and text
    ['a.pdf', 'application/pdf'],
    ['a.txt', 'text/plain'],
    ['a.csv', 'text/csv'],
    ['a.json', 'application/json'],
    // office
    ['a.doc', 'application/msword'],
    ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['a.odt', 'application/vnd.oasis.opendocument.text'],
    // archives
    ['a.zip', 'application/zip'],
    ['a.rar', 'application/vnd.rar'],
    ['a.7z', 'application/x-7z-compressed'],
    ['a.tar', 'application/x-tar'],
    ['a.gz', 'application/gzip'],
  ])('maps %j to %j', (name, mime) => {
    expect(mimeFromName(name)).toBe(mime)
  })

  it('ignores case, query strings and fragments', () => {
    expect(mimeFromName('https://cdn.example.com/Report.PDF?download=1#page=2')).toBe('application/pdf')
  })

  it('falls back to application/octet-stream', () => {
    expect(UNKNOWN_MIME).toBe('application/octet-stream')
    expect(mimeFromName('a.xyz')).toBe(UNKNOWN_MIME)
    expect(mimeFromName('no-extension')).toBe(UNKNOWN_MIME)
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

describe('fileTypeLabel', () => {
  it.each([
    ['image/jpeg', 'JPEG image'],
    ['image/png', 'PNG image'],
    ['image/svg+xml', 'SVG image'],
    ['video/mp4', 'MP4 video'],
    ['video/quicktime', 'QuickTime video (.mov)'],
    ['audio/mpeg', 'MP3 audio'],
    ['audio/wav', 'WAV audio'],
    ['application/pdf', 'PDF document'],
    ['application/msword', 'Word document (.doc)'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word document (.docx)'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel spreadsheet (.xlsx)'],
    [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'PowerPoint presentation (.pptx)',
    ],
    ['text/plain', 'Plain text'],
    ['text/markdown', 'Markdown'],
    ['text/csv', 'CSV'],
    ['application/json', 'JSON'],
    ['application/zip', 'ZIP archive'],
    ['application/octet-stream', 'File'],
  ])('names %j %j', (mime, label) => {
    expect(fileTypeLabel(mime)).toBe(label)
  })

  it.each([
    ['a.gif', 'GIF image'],
    ['a.webp', 'WebP image'],
    ['a.avif', 'AVIF image'],
    ['a.bmp', 'BMP image'],
    ['a.ico', 'ICO image'],
    ['a.tif', 'TIFF image'],
    ['a.heic', 'HEIC image'],
    ['a.webm', 'WebM video'],
    ['a.avi', 'AVI video'],
    ['a.mkv', 'MKV video'],
    ['a.ogv', 'Ogg video'],
    ['a.ogg', 'Ogg audio'],
    ['a.m4a', 'M4A audio'],
    ['a.aac', 'AAC audio'],
    ['a.flac', 'FLAC audio'],
    ['a.rtf', 'Rich text (.rtf)'],
    ['a.xls', 'Excel spreadsheet (.xls)'],
    ['a.ppt', 'PowerPoint presentation (.ppt)'],
    ['a.odt', 'OpenDocument text (.odt)'],
    ['a.ods', 'OpenDocument spreadsheet (.ods)'],
    ['a.odp', 'OpenDocument presentation (.odp)'],
    ['a.rar', 'RAR archive'],
    ['a.7z', '7-Zip archive'],
    ['a.tar', 'TAR archive'],
    ['a.gz', 'GZIP archive'],
  ])('names the type of %j %j', (name, label) => {
    expect(fileTypeLabel(mimeFromName(name))).toBe(label)
  })

  it('ignores case and parameters', () => {
    expect(fileTypeLabel('Image/PNG')).toBe('PNG image')
    expect(fileTypeLabel('text/plain; charset=utf-8')).toBe('Plain text')
  })

  it.each([
    ['audio/x-aiff', 'AIFF audio'],
    ['image/x-portable-pixmap', 'Image'],
    ['video/3gpp', '3GPP video'],
    ['application/x-photoshop', 'PHOTOSHOP file'],
    ['model/gltf+json', 'GLTF file'],
    ['application/vnd.apple.keynote', 'File'],
    ['text/x-python', 'PYTHON file'],
    ['', 'File'],
    ['garbage', 'File'],
  ])('names an unknown type %j by its subtype: %j', (mime, label) => {
    expect(fileTypeLabel(mime)).toBe(label)
  })
})
