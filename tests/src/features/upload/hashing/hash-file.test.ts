import { describe, expect, it } from 'vitest'

import { hashFileInBrowser } from '../../../../../src/features/upload/hashing/hash-file'
import { referenceFingerprint } from '../../../../support/reference-fingerprint'

/** Node has no Web Worker, as a browser without them: the file is hashed on the page. */
describe('hashing a file where there are no Web Workers', () => {
  it('gives the fingerprint the server computes, with progress up to the whole file', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 17).map((_, index) => index % 251)
    const progress: number[] = []
    const sha256 = await hashFileInBrowser(new Blob([bytes]), {
      onProgress: (fraction) => progress.push(fraction),
    })
    expect(sha256).toBe(referenceFingerprint(bytes))
    expect(progress.at(-1)).toBe(1)
  })

  it('stops on a signal already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(hashFileInBrowser(new Blob(['x']), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })
})
