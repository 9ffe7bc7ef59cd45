import { describe, expect, it } from 'vitest'

import { mimeFromName } from '../../../src/contract/mime-from-name'
import { fileTypeLabel } from '../../../src/contract/type-labels'

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
