import { describe, expect, it } from 'vitest'

import { UNKNOWN_MIME } from '../../../src/contract/file-types'
import { mimeFromName } from '../../../src/contract/mime-from-name'

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
