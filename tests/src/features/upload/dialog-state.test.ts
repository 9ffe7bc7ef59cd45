import { describe, expect, it } from 'vitest'

import { dialogReducer, OPENED, type DialogEvent } from '../../../../src/features/upload/dialog-state'
import { UPLOAD_MESSAGES } from '../../../../src/features/upload/messages'

const after = (events: readonly DialogEvent[]) => events.reduce(dialogReducer, OPENED)

describe("the Upload dialog's own state", () => {
  it('opens on the files tab, in the folder the person is looking at, with nothing to say', () => {
    expect(OPENED).toEqual({ tab: 'files', chosenFolder: null, alert: null, rejected: [], message: null })
  })

  it('shows what the last drop refused, replacing what the drop before refused', () => {
    const big = new File([new Uint8Array(4)], 'big.bin')
    const refused = after([
      { type: 'files-dropped', checked: { alert: UPLOAD_MESSAGES.tooManyFiles, rejected: [] } },
      { type: 'files-dropped', checked: { alert: null, rejected: [{ file: big, error: 'Too big' }] } },
    ])
    expect(refused.alert).toBeNull()
    expect(refused.rejected).toEqual([{ file: big, error: 'Too big' }])
  })

  it('says why a start was refused, and clears it once the details can be sent', () => {
    const refused = after([{ type: 'start-checked', problem: 'Tags: at most 50' }])
    expect(refused.message).toBe('Tags: at most 50')
    expect(dialogReducer(refused, { type: 'start-checked', problem: null }).message).toBeNull()
  })

  it("keeps a run's summary until a retry or another tab", () => {
    const summary = UPLOAD_MESSAGES.someFailed(2, 1)
    const ended = after([{ type: 'run-summarized', message: summary }])
    expect(ended.message).toBe(summary)
    expect(dialogReducer(ended, { type: 'folder-chosen', path: '/Harbour' }).message).toBe(summary)
    expect(dialogReducer(ended, { type: 'retried' }).message).toBeNull()
    expect(dialogReducer(ended, { type: 'tab-chosen', tab: 'urls' })).toMatchObject({
      tab: 'urls',
      message: null,
    })
  })

  it('closing forgets the tab, the folder picked and every message', () => {
    const used = after([
      { type: 'tab-chosen', tab: 'urls' },
      { type: 'folder-chosen', path: '/Harbour' },
      { type: 'run-summarized', message: 'Upload failed: x' },
    ])
    expect(dialogReducer(used, { type: 'closed' })).toBe(OPENED)
  })
})
