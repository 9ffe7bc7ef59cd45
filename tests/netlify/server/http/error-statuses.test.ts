import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../../../netlify/server/errors'
import { statusOf } from '../../../../netlify/server/http/error-statuses'
import { errorResponse } from '../../../../netlify/server/http/respond'
import {
  CorruptDocumentError,
  StorageContentionError,
  StorageUnavailableError,
} from '../../../../netlify/server/storage/document-store'
import {
  ChecksumMismatchError,
  OffsetMismatchError,
  UploadGoneError,
} from '../../../../netlify/server/uploads/upload-errors'

const FAILURE = { message: 'Save failed' }

describe('the one error map', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each<[Error, number]>([
    [new InvalidInputError('title is too long'), 400],
    [new NotFoundError('File 9 not found'), 404],
    [new ConflictError('A folder of that name exists'), 409],
    [new OffsetMismatchError(12), 409],
    [new UploadGoneError('Upload up_1 has expired'), 410],
    [new PayloadTooLargeError('Body too large'), 413],
    [new UnsupportedMediaTypeError('Body must be JSON'), 415],
    [new ChecksumMismatchError('Upload-Checksum does not match the chunk'), 460],
  ])('answers %s with %i and its own message', async (error, status) => {
    expect(statusOf(error)).toBe(status)
    const response = errorResponse(error, FAILURE)
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ error: error.message })
    expect(response.headers.get('retry-after')).toBeNull()
  })

  it.each<[unknown, number]>([
    [new StorageUnavailableError('down'), 503],
    [new StorageContentionError('busy'), 503],
    [new CorruptDocumentError('bad json'), 500],
    [new Error('surprise'), 500],
    ['not even an error', 500],
  ])('answers %s with %i and the endpoint message, keeping the cause in the log', async (error, status) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = errorResponse(error, FAILURE)
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ error: 'Save failed' })
    expect(log).toHaveBeenCalledWith('[Save failed]', error)
  })

  it('asks for a retry after a second on a 503, or after what the endpoint says', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const busy = new StorageContentionError('busy')
    expect(errorResponse(busy, FAILURE).headers.get('retry-after')).toBe('1')
    expect(errorResponse(busy, { ...FAILURE, retryAfterSeconds: 5 }).headers.get('retry-after')).toBe('5')
    expect(
      errorResponse(new Error('x'), { ...FAILURE, retryAfterSeconds: 5 }).headers.get('retry-after'),
    ).toBeNull()
  })

  it('words the body as the endpoint asks', async () => {
    const response = errorResponse(new NotFoundError('gone'), {
      message: 'x',
      body: (error) => ({ ok: false, error }),
    })
    expect(await response.json()).toEqual({ ok: false, error: 'gone' })
  })
})
