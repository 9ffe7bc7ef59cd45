import { describe, expect, it } from 'vitest'

import {
  archiveName,
  safeEntryName,
  uniqueNames,
} from '../../../../../src/features/download/model/entry-names'

describe('safeEntryName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(safeEntryName('Beach sunset.jpg')).toBe('Beach sunset.jpg')
    expect(safeEntryName('Été à Paris.pdf')).toBe('Été à Paris.pdf')
  })

  it('turns separators, reserved and control characters into underscores', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('_.._etc_passwd')
    expect(safeEntryName('a\\b:c*d?.txt')).toBe('a_b_c_d_.txt')
    expect(safeEntryName('tab\there\u0007bell.mp3')).toBe('tab_here_bell.mp3')
    expect(safeEntryName('invoice\u202Egnp.exe')).toBe('invoice_gnp.exe')
  })

  it('drops leading dots and trailing dots or spaces, and gives an empty name a fallback', () => {
    expect(safeEntryName('..')).toBe('file')
    expect(safeEntryName('.hidden.txt')).toBe('hidden.txt')
    expect(safeEntryName('notes. . ')).toBe('notes')
    expect(safeEntryName('   ')).toBe('file')
  })

  it('prefixes a device name Windows keeps', () => {
    expect(safeEntryName('CON.txt')).toBe('_CON.txt')
    expect(safeEntryName('lpt1')).toBe('_lpt1')
  })

  it('shortens a long name to 120 characters and keeps its extension', () => {
    const name = safeEntryName(`${'a'.repeat(300)}.jpg`)
    expect(name).toHaveLength(120)
    expect(name.endsWith('a.jpg')).toBe(true)
  })
})

describe('uniqueNames', () => {
  it('numbers repeats from 2, ignoring case', () => {
    expect(uniqueNames(['photo.jpg', 'Photo.JPG', 'photo.jpg', 'other.jpg'])).toEqual([
      'photo.jpg',
      'Photo (2).JPG',
      'photo (3).jpg',
      'other.jpg',
    ])
  })

  it('skips a number another file already has', () => {
    expect(uniqueNames(['photo (2).jpg', 'photo.jpg', 'photo.jpg'])).toEqual([
      'photo (2).jpg',
      'photo.jpg',
      'photo (3).jpg',
    ])
  })

  it('treats reserved names as taken, and names without an extension alike', () => {
    expect(uniqueNames(['download-report.txt', 'README', 'readme'], ['download-report.txt'])).toEqual([
      'download-report (2).txt',
      'README',
      'readme (2)',
    ])
  })
})

describe('archiveName', () => {
  it('names the count and the local date', () => {
    expect(archiveName(3, new Date(2026, 10, 24, 23, 59))).toBe('media-3-files-2026-11-24.zip')
    expect(archiveName(12, new Date(2027, 0, 5))).toBe('media-12-files-2027-01-05.zip')
  })
})
