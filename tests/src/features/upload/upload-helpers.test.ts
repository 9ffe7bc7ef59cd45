import { createHash, randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { summarize } from '../../../../src/features/upload/batch-state'
import { categoryFor, mimeOf, titleFromName } from '../../../../src/features/upload/file-details'
import { errorDetail } from '../../../../src/features/upload/hosts/error-detail'
import { coverCrop, coverScale } from '../../../../src/features/upload/thumbnails/cover-crop'
import { validateIncomingFiles } from '../../../../src/features/upload/validate-files'
import { fingerprintBlob } from '../../../../src/workers/hash-blob'
import { fingerprintOf, newBlockDigests } from '../../../../netlify/server/uploads/fingerprint'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { Sha256 } from '../../../../src/workers/sha256'
import { referenceFingerprint } from '../../../support/reference-fingerprint'

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type })

describe('Sha256', () => {
  it('matches node:crypto whatever the sizes of the pieces it is fed', () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 65_537]) {
      const bytes = randomBytes(size)
      const hash = new Sha256()
      for (let offset = 0; offset < size;) {
        const piece = 1 + Math.floor(Math.random() * 150)
        hash.update(bytes.subarray(offset, offset + piece))
        offset += piece
      }
      expect(hash.digestHex(), `${String(size)} bytes`).toBe(createHash('sha256').update(bytes).digest('hex'))
    }
  })
})

describe('Sha256.digest', () => {
  it('gives the raw 32 bytes of the hex digest', () => {
    const bytes = randomBytes(1000)
    expect(Buffer.from(new Sha256().update(bytes).digest())).toEqual(
      createHash('sha256').update(bytes).digest(),
    )
  })
})

/** What the built-in host computes for these bytes, received in one PATCH of the whole file. */
async function serverFingerprint(bytes: Uint8Array): Promise<string> {
  const received = { length: bytes.length, chunks: [], blocks: [] }
  const blocks = await newBlockDigests(new MemoryByteStore(), received, bytes.length, { offset: 0, bytes })
  return fingerprintOf(blocks)
}

describe('fingerprintBlob', () => {
  it('matches the server on a multi-block file, with crypto.subtle and with the incremental code', async () => {
    const bytes = randomBytes(9 * 1024 * 1024 + 5)
    const blob = new Blob([bytes])
    const expected = await serverFingerprint(bytes)
    expect(expected).toBe(referenceFingerprint(bytes))
    // Not to be mistaken for the plain SHA-256 of the file.
    expect(expected).not.toBe(createHash('sha256').update(bytes).digest('hex'))
    const progress: number[] = []
    expect(await fingerprintBlob(blob, (done) => progress.push(done), null)).toBe(expected)
    expect(progress).toEqual([4 * 1024 * 1024, 8 * 1024 * 1024, bytes.length])
    expect(await fingerprintBlob(blob)).toBe(expected)
  })

  it('matches the server at block boundaries, for one block and for an empty file', async () => {
    for (const size of [0, 1, 4 * 1024 * 1024 - 1, 4 * 1024 * 1024, 4 * 1024 * 1024 + 1, 8 * 1024 * 1024]) {
      const bytes = randomBytes(size)
      const expected = await serverFingerprint(bytes)
      expect(await fingerprintBlob(new Blob([bytes])), `${String(size)} bytes`).toBe(expected)
      expect(await fingerprintBlob(new Blob([bytes]), undefined, null), `${String(size)} bytes`).toBe(
        expected,
      )
    }
    expect(await fingerprintBlob(new Blob([]))).toBe(createHash('sha256').digest('hex'))
  })
})

describe('validateIncomingFiles', () => {
  const limits = { maxBytes: 1000 }

  it('adds none when the batch would hold more than 10 files', () => {
    const nine = Array.from({ length: 9 }, () => ({}))
    const result = validateIncomingFiles(nine, [file('a.txt', 1), file('b.txt', 1)], limits)
    expect(result).toEqual({ accepted: [], rejected: [], alert: 'Maximum 10 files allowed per batch upload' })
    expect(validateIncomingFiles(nine, [file('a.txt', 1)], limits).accepted).toHaveLength(1)
  })

  it('refuses a file over the limit with the reason attached to it', () => {
    const result = validateIncomingFiles([], [file('big.mov', 2048), file('ok.txt', 1000)], limits)
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['ok.txt'])
    expect(result.rejected.map((rejected) => rejected.error)).toEqual([
      '"big.mov" is 2 KB; the largest file allowed is 1000 Bytes.',
    ])
  })
})

describe('file details', () => {
  it('titles a file with its name up to the first dot', () => {
    expect(titleFromName('holiday.beach.jpg')).toBe('holiday')
    expect(titleFromName('README')).toBe('README')
    expect(titleFromName('.env')).toBe('.env')
    // A name can carry characters a title may not hold; the title leaves them out.
    expect(titleFromName('Re\u200bports\u202e.pdf')).toBe('Reports')
  })

  it('takes the MIME type from the browser, or from the extension when the browser gave none', () => {
    expect(mimeOf(file('a.md', 1))).toBe('text/markdown')
    expect(mimeOf(file('a.bin', 1, 'Image/PNG'))).toBe('image/png')
    expect(mimeOf(file('a.zip', 1, 'not a type'))).toBe('application/zip')
  })

  it('keeps the automatic category until the shared one is changed', () => {
    const photo = file('a.png', 1, 'image/png')
    expect(categoryFor(photo, { category: 'documents', categoryChanged: false })).toBe('Images')
    expect(categoryFor(photo, { category: 'documents', categoryChanged: true })).toBe('Documents')
    expect(categoryFor(photo, { category: 'videos', categoryChanged: true })).toBe('Video')
    expect(categoryFor(photo, { category: 'other', categoryChanged: true })).toBe('Files')
  })
})

describe('summarize', () => {
  it('uses the spec messages', () => {
    expect(summarize(3, 0, '')).toBe('All 3 files uploaded successfully!')
    expect(summarize(2, 1, 'x')).toBe('Upload complete! 2 files uploaded successfully, 1 failed.')
    expect(summarize(0, 2, 'Network error during upload')).toBe('Upload failed: Network error during upload')
  })

  it('counts only the files uploaded, and says so when every file was left for the library’s copy', () => {
    expect(summarize(1, 0, '', 2)).toBe('All 1 files uploaded successfully!')
    expect(summarize(0, 0, '', 2)).toBe('Nothing was added: the 2 files are already in the library.')
  })
})

describe('errorDetail', () => {
  it('reads Cloudinary and API error bodies, and short plain text', () => {
    expect(errorDetail('{"error":{"message":"Invalid image file"}}')).toBe('Invalid image file')
    expect(errorDetail('{"error":"Upload too large"}')).toBe('Upload too large')
    expect(errorDetail('Too big')).toBe('Too big')
    expect(errorDetail('<html>gateway</html>')).toBeUndefined()
    expect(errorDetail('')).toBeUndefined()
  })
})

describe('thumbnail geometry', () => {
  it('crops the largest centred square of a frame and scales it to at most 300 px', () => {
    expect(coverCrop(1920, 1080, 'center')).toEqual({ sx: 420, sy: 0, side: 1080, outSide: 300 })
    expect(coverCrop(1080, 1920, 'center')).toEqual({ sx: 0, sy: 420, side: 1080, outSide: 300 })
    expect(coverCrop(200, 100, 'center')).toEqual({ sx: 50, sy: 0, side: 100, outSide: 100 })
  })

  it('keeps the top of a document page', () => {
    expect(coverCrop(300, 388, 'top')).toEqual({ sx: 0, sy: 0, side: 300, outSide: 300 })
    expect(coverScale(612, 792)).toBeCloseTo(300 / 612)
  })
})
