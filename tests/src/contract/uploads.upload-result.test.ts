import { describe, expect, it } from 'vitest'

import {
  decodeUploadResult,
  encodeUploadResult,
  type CompleteUploadStatus,
} from '../../../src/contract/uploads'

const status: CompleteUploadStatus = {
  complete: true,
  result: {
    secure_url: '/api/files/abc/%C3%A9t%C3%A9%20photo.png',
    public_id: 'HIBF_assets/abc',
    resource_type: 'image',
    format: 'png',
    bytes: 5_000,
    width: 640,
    height: 480,
    duration: null,
  },
  sha256: 'a'.repeat(64),
}

describe('the Upload-Result header', () => {
  it('carries a finished upload status as base64url, fit for a header', () => {
    const header = encodeUploadResult(status)
    expect(header).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeUploadResult(header)).toEqual(status)
  })

  it('survives names outside ASCII', () => {
    const named = { ...status, result: { ...status.result, secure_url: '/api/files/abc/été ✓.png' } }
    expect(decodeUploadResult(encodeUploadResult(named))).toEqual(named)
  })

  it('reads as absent when missing, malformed, or not a finished upload', () => {
    expect(decodeUploadResult(null)).toBeNull()
    expect(decodeUploadResult('')).toBeNull()
    expect(decodeUploadResult('not base64 at all!')).toBeNull()
    expect(decodeUploadResult(btoa(JSON.stringify({ complete: false, offset: 1, length: 2 })))).toBeNull()
    expect(decodeUploadResult(btoa('{"complete": true}'))).toBeNull()
  })
})
