import { describe, expect, it } from 'vitest'

import { imageVersion } from '../../../src/contract/image-settings'
import type { MediaRecord } from '../../../src/contract/record'
import { copiedMessage, fileLinks, signInHint } from '../../../src/lib/share-links'
import { listedRecord } from '../../support/listed-record'

const ORIGIN = 'https://media.example.test'

function record(id: number, media_url: string): MediaRecord {
  // Only the address matters here.
  return listedRecord(id, { media_url })
}

const CROP = { x: 0, y: 0, width: 0.5, height: 1 }
const own = record(1, '/api/files/abc/photo.png')
const hosted = record(2, 'https://cdn.example.test/clip.mp4')

describe('fileLinks', () => {
  it('makes each address absolute on the page origin, one a line', () => {
    expect(fileLinks([own, hosted], { origin: ORIGIN, gateClosed: false })).toEqual({
      text: 'https://media.example.test/api/files/abc/photo.png\nhttps://cdn.example.test/clip.mp4',
      count: 2,
      needsSignIn: false,
    })
  })

  it('leaves out files without a usable address, and gives null when none has one', () => {
    const hostile = record(3, 'javascript:alert(1)')
    expect(fileLinks([hostile, hosted], { origin: ORIGIN, gateClosed: false })?.count).toBe(1)
    expect(fileLinks([hostile], { origin: ORIGIN, gateClosed: false })).toBeNull()
  })

  it("gives an image with delivery settings as its picture at the settings' version", () => {
    const adjusted = { ...record(4, '/api/files/abc/photo.png'), file_type: 'image/png', crop: CROP }
    const hostedImage = {
      ...record(5, 'https://cdn.example.test/a.jpg'),
      file_type: 'image/jpeg',
      crop: CROP,
    }
    expect(fileLinks([adjusted, hostedImage], { origin: ORIGIN, gateClosed: true })).toEqual({
      text: `${ORIGIN}/api/image/4?v=${imageVersion(adjusted)}\nhttps://cdn.example.test/a.jpg`,
      count: 2,
      needsSignIn: true,
    })
  })

  it('says sign-in is needed only for the built-in host behind a closed gate', () => {
    expect(fileLinks([own], { origin: ORIGIN, gateClosed: true })?.needsSignIn).toBe(true)
    expect(fileLinks([hosted], { origin: ORIGIN, gateClosed: true })?.needsSignIn).toBe(false)
    expect(fileLinks([own], { origin: ORIGIN, gateClosed: false })?.needsSignIn).toBe(false)
  })
})

describe('the copy toast', () => {
  it('counts one link in the singular', () => {
    const one = { text: 'a', count: 1, needsSignIn: true }
    const three = { text: 'a\nb\nc', count: 3, needsSignIn: true }
    expect(copiedMessage(one)).toBe('Link copied')
    expect(copiedMessage(three)).toBe('3 links copied')
    expect(signInHint(one)).toBe('It opens only in a browser signed in to this library.')
    expect(signInHint(three)).toBe('They open only in a browser signed in to this library.')
  })
})
