import { describe, expect, it } from 'vitest'

import {
  clearReleaseMarks,
  isBeingReleased,
  markReleasing,
  STALE_MARK_MS,
  staleReleaseMarks,
} from '../../../../netlify/server/files/release-marks'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

describe('release marks', () => {
  it('keep a file marked while any remover still holds a mark on it', async () => {
    const documents = new MemoryDocumentStore()
    const first = await markReleasing(documents, ['file-a'])
    const second = await markReleasing(documents, ['file-a', 'file-b'])

    await clearReleaseMarks(documents, first)
    // The first remover is done; the second has not decided yet, so a creator must still withdraw.
    expect(await isBeingReleased(documents, 'file-a')).toBe(true)
    expect(await isBeingReleased(documents, 'file-b')).toBe(true)

    await clearReleaseMarks(documents, second)
    expect(await isBeingReleased(documents, 'file-a')).toBe(false)
    expect(await isBeingReleased(documents, 'file-b')).toBe(false)
  })

  it('names only marks older than the stale age, from their keys', async () => {
    const documents = new MemoryDocumentStore()
    const now = new Date()
    const [stale] = await markReleasing(documents, ['old'], new Date(now.getTime() - STALE_MARK_MS - 1))
    await markReleasing(documents, ['recent'], new Date(now.getTime() - STALE_MARK_MS + 60_000))

    expect(await staleReleaseMarks(documents, now)).toEqual([stale])
    // A file id that is a prefix of another is a different file.
    expect(await isBeingReleased(documents, 'rec')).toBe(false)
  })
})
