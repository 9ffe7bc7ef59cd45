import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { toast } from '../../../../../src/components/ui/toast'
import { LIMITS } from '../../../../../src/contract/limits'
import type { MediaRecord } from '../../../../../src/contract/record'
import {
  NO_FILES_SELECTED,
  runBulk,
  succeededIds,
  type BulkRun,
} from '../../../../../src/features/bulk-actions/model/bulk-operations'
import {
  withoutRecords,
  withPatch,
  type MediaCache,
  type RecordsChange,
} from '../../../../../src/lib/record-changes'
import { listedRecord } from '../../../../support/listed-record'

// Spied on rather than mocked: the unit files share one module cache (vite.config.ts), so a module
// another file loaded first would not be mocked here.
const shownToasts = {
  success: vi.spyOn(toast, 'success').mockImplementation(() => undefined),
  error: vi.spyOn(toast, 'error').mockImplementation(() => undefined),
}

/** A cache that keeps what each change showed and what it settled to, as the library's does. */
function recordingCache() {
  const shown: RecordsChange[] = []
  const settled: RecordsChange[] = []
  const cache: MediaCache = {
    change: async (request, optimistic, settle) => {
      shown.push(optimistic)
      const result = await request()
      settled.push(settle(result))
      return result
    },
    reload: () => Promise.resolve(),
  }
  return { cache, shown, settled }
}

/** A bulk action as its own module gives it: tagging, each batch sent through `send`. */
function tagging(send: (batch: number[]) => Promise<{ id: number; success: boolean; error?: string }[]>) {
  const undone: number[][] = []
  const run: BulkRun = {
    request: send,
    shown: (ids) => withPatch(ids, { tags: ['new'] }),
    confirmed: (outcome) => withPatch(succeededIds(outcome), { tags: ['new'] }),
    failureMessage: 'Batch tag failed',
    undo: (succeeded) => () => {
      undone.push(succeeded.map((record) => record.id))
    },
  }
  return { run, undone }
}

afterAll(() => {
  shownToasts.success.mockRestore()
  shownToasts.error.mockRestore()
})

beforeEach(() => {
  shownToasts.success.mockClear()
  shownToasts.error.mockClear()
})

describe('runBulk', () => {
  it("shows an action's change over the stored files at once, keeps what the server confirmed and reports it", async () => {
    const { cache, shown, settled } = recordingCache()
    const sample = { ...listedRecord(1), id: -1 } as MediaRecord
    const { run, undone } = tagging((batch) =>
      Promise.resolve(batch.map((id) => ({ id, success: id !== 3, error: id === 3 ? 'Gone' : undefined }))),
    )
    const ids = await runBulk(cache, [listedRecord(2), sample, listedRecord(3), listedRecord(4)], run)
    expect(ids).toEqual([2, 4])
    expect(shown).toEqual([withPatch([2, 3, 4], { tags: ['new'] })])
    expect(settled).toEqual([withPatch([2, 4], { tags: ['new'] })])
    expect(toast.error).toHaveBeenCalledWith('1 file failed to process', { description: 'Gone' })
    const [message, options] = shownToasts.success.mock.calls[0] as [string, { undo?: () => void }]
    expect(message).toBe('2 files processed successfully')
    options.undo?.()
    expect(undone).toEqual([[2, 4]])
  })

  it('sends nothing and says so when no file is stored (the samples after a failed load)', async () => {
    const { cache, shown } = recordingCache()
    const send = vi.fn()
    const ids = await runBulk(cache, [{ ...listedRecord(1), id: -1 } as MediaRecord], tagging(send).run)
    expect(ids).toEqual([])
    expect(send).not.toHaveBeenCalled()
    expect(shown).toEqual([])
    expect(toast.error).toHaveBeenCalledWith(NO_FILES_SELECTED)
  })

  it('keeps what the batches before a failed one did, and gives the failure the action’s words', async () => {
    const { cache, settled } = recordingCache()
    const records = Array.from({ length: LIMITS.batchItems + 1 }, (_, i) => listedRecord(i + 1))
    const ids = await runBulk(cache, records, {
      request: (batch) =>
        batch.length === LIMITS.batchItems
          ? Promise.resolve(batch.map((id) => ({ id, success: true })))
          : Promise.reject(new Error('offline')),
      shown: withoutRecords,
      confirmed: (outcome) => withoutRecords(succeededIds(outcome)),
      failureMessage: 'Batch delete failed',
    })
    expect(ids).toHaveLength(LIMITS.batchItems)
    expect(settled).toEqual([withoutRecords(ids)])
    expect(toast.error).toHaveBeenCalledWith('Bulk operation failed', { description: 'Batch delete failed' })
    expect(toast.success).toHaveBeenCalledWith('500 files processed successfully', { undo: undefined })
  })
})
