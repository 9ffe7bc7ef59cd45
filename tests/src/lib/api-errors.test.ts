import { afterEach, describe, expect, it, vi } from 'vitest'

import { uploadFailure, UPLOAD_WORDS, UploadError } from '../../../src/features/upload/messages'
import { answerError, ApiError } from '../../../src/lib/api-call'
import {
  ERROR_WORDS,
  errorMessage,
  isCodeLoadFailure,
  isNoAnswer,
  serverMessage,
} from '../../../src/lib/api-errors'

afterEach(() => {
  vi.unstubAllGlobals()
})

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/dialogs-Bx1.js')

describe('errorMessage', () => {
  it('shows the server’s own message as it is, and the spec’s words for an HTTP error without one', () => {
    expect(errorMessage(new ApiError(404, 'File not found'), 'fallback')).toBe('File not found')
    expect(errorMessage(answerError(500, null, null), 'fallback')).toBe('HTTP error! status: 500')
    expect(errorMessage(answerError(409, { error: 'A folder of that name exists' }, null), 'fallback')).toBe(
      'A folder of that name exists',
    )
  })

  it('says the server could not be reached for a request that got no answer, whatever the browser wrote', () => {
    for (const text of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ]) {
      expect(errorMessage(new TypeError(text), 'Network error')).toBe(ERROR_WORDS.unreachable)
    }
    const tus = new Error(
      'tus: failed to create upload, caused by [object ProgressEvent], originated from request',
    )
    expect(errorMessage(tus, 'Network error')).toBe(ERROR_WORDS.unreachable)
  })

  it('says the browser is offline when it says so', () => {
    vi.stubGlobal('navigator', { onLine: false })
    expect(errorMessage(new TypeError('Failed to fetch'), 'Network error')).toBe(ERROR_WORDS.offline)
  })

  it('puts an answer that could not be read, and code that could not load, in words', () => {
    expect(errorMessage(new SyntaxError('Unexpected token < in JSON at position 0'), 'x')).toBe(
      ERROR_WORDS.unreadable,
    )
    expect(errorMessage(chunkFailure(), 'x')).toBe(ERROR_WORDS.pageCode)
    expect(errorMessage(new TypeError('Importing a module script failed.'), 'x')).toBe(ERROR_WORDS.pageCode)
  })

  it('keeps a message the app wrote, and gives the fallback for what is not an error', () => {
    expect(errorMessage(new Error('The folder is not empty.'), 'fallback')).toBe('The folder is not empty.')
    expect(errorMessage('nope', 'fallback')).toBe('fallback')
  })

  it('writes every sentence it may show as a sentence: a capital, an end, no library words', () => {
    for (const words of Object.values(ERROR_WORDS)) {
      expect(words).toMatch(/^[A-Z].*\.$/)
      expect(words).not.toMatch(/fetch|ProgressEvent|module|JSON|TypeError/)
    }
  })
})

describe('telling failures apart', () => {
  it('takes a failed dynamic import for missing code, not for a request without an answer', () => {
    expect(isCodeLoadFailure(chunkFailure())).toBe(true)
    expect(isNoAnswer(chunkFailure())).toBe(false)
    expect(isNoAnswer(new TypeError('Failed to fetch'))).toBe(true)
    expect(isNoAnswer(new ApiError(503, 'Service unavailable'))).toBe(false)
  })

  it('reads the server message only from an API error that carries one', () => {
    expect(serverMessage(new ApiError(409, 'A folder of that name exists'))).toBe(
      'A folder of that name exists',
    )
    // Told by the error itself, not by reading its text back.
    expect(serverMessage(answerError(500, null, '<html>'))).toBeNull()
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull()
  })
})

describe('uploadFailure', () => {
  it('keeps the spec message and the server detail of an upload error', () => {
    expect(uploadFailure(new UploadError('Upload failed with status: 413', 'The file is too large'))).toEqual(
      {
        error: 'Upload failed with status: 413',
        detail: 'The file is too large',
      },
    )
  })

  it('gives a request without an answer the spec network message and a sentence, not the library text', () => {
    expect(uploadFailure(new TypeError('Failed to fetch'))).toEqual({
      error: 'Network error during upload',
      detail: UPLOAD_WORDS.gaveUp,
    })
  })
})

describe('upload counts', () => {
  it('says one file in the singular and more in the plural', () => {
    expect(UPLOAD_WORDS.waitingSummary(1)).toBe(
      '1 file is waiting for the server; it goes on by itself once the server answers.',
    )
    expect(UPLOAD_WORDS.waitingSummary(2)).toBe(
      '2 files are waiting for the server; they go on by themselves once the server answers.',
    )
  })
})
