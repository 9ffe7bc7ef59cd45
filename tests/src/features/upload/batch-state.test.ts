import { describe, expect, it } from 'vitest'

import {
  awaitsChoice,
  batchReducer,
  EMPTY_BATCH,
  isFinished,
  isInterrupted,
  isSettled,
  keepsExisting,
  newItem,
  runOutcome,
  type BatchEvent,
  type BatchSnapshot,
  type UploadItem,
} from '../../../../src/features/upload/batch-state'
import { UPLOAD_MESSAGES, UPLOAD_WORDS } from '../../../../src/features/upload/messages'
import { listedRecord } from '../../../support/listed-record'

const photo = new File([new Uint8Array(8)], 'harbour-at-dawn.jpg', { type: 'image/jpeg' })
const inLibrary = listedRecord(7)
const stored = listedRecord(8)

/** A batch of the files given (ids `a`, `b`, ...) after `events`. */
function batchAfter(events: readonly BatchEvent[], files: readonly File[] = [photo]): BatchSnapshot {
  const items = files.map((file, index) => newItem(String.fromCharCode(97 + index), file))
  return [{ type: 'added', items } as const, ...events].reduce(batchReducer, EMPTY_BATCH)
}

function itemOf(batch: BatchSnapshot, id = 'a'): UploadItem {
  const item = batch.items.find((each) => each.id === id)
  if (!item) throw new Error(`No file ${id}`)
  return item
}

describe('the steps of a file in an upload batch', () => {
  it('is checked as it comes in, then uploads, waits for a server gone away, and ends stored', () => {
    expect(itemOf(batchAfter([])).state).toEqual({ status: 'hashing', progress: 0 })
    const checked = batchAfter([
      { type: 'hashing', id: 'a', progress: 40 },
      { type: 'hashed', id: 'a', sha256: 'f'.repeat(64), duplicateOf: null },
    ])
    expect(itemOf(checked)).toMatchObject({ sha256: 'f'.repeat(64), state: { status: 'queued' } })

    const waiting = [
      { type: 'run-started' },
      { type: 'uploading', id: 'a', progress: 30 },
      { type: 'server-waiting', id: 'a', waiting: true },
    ] as const
    const away = waiting.reduce(batchReducer, checked)
    expect(away.running).toBe(true)
    expect(itemOf(away).state).toEqual({ status: 'waiting', progress: 30 })
    const back = batchReducer(away, { type: 'server-waiting', id: 'a', waiting: false })
    expect(itemOf(back).state).toEqual({ status: 'uploading', progress: 30 })

    // The server refused the bytes and the host tries again: said until the bytes move on.
    const refused = batchReducer(back, { type: 'server-retrying', id: 'a', status: 500 })
    expect(itemOf(refused).state).toEqual({ status: 'uploading', progress: 30, retrying: 500 })
    const restarted = batchReducer(refused, { type: 'uploading', id: 'a', progress: 30 })
    expect(itemOf(restarted).state).toEqual({ status: 'uploading', progress: 30, retrying: 500 })
    const moving = batchReducer(restarted, { type: 'uploading', id: 'a', progress: 31 })
    expect(itemOf(moving).state).toEqual({ status: 'uploading', progress: 31 })

    const done = [{ type: 'stored', id: 'a', record: stored }, { type: 'run-ended' }] as const
    const end = done.reduce(batchReducer, back)
    expect(end.running).toBe(false)
    expect(itemOf(end).state).toEqual({ status: 'done', record: stored })
    expect(isSettled(itemOf(end))).toBe(true)
  })

  it('offers a duplicate and sends nothing until the person chooses; "Use existing" leaves the file out', () => {
    const offered = batchAfter([{ type: 'hashed', id: 'a', sha256: 'e'.repeat(64), duplicateOf: inLibrary }])
    expect(itemOf(offered).state).toEqual({ status: 'duplicate' })
    expect(awaitsChoice(itemOf(offered))).toBe(true)

    const chosen = batchReducer(offered, { type: 'chosen', id: 'a', choice: 'use-existing' })
    expect(itemOf(chosen)).toMatchObject({ choice: 'use-existing', state: { status: 'queued' } })
    expect(awaitsChoice(itemOf(chosen))).toBe(false)
    expect(keepsExisting(itemOf(chosen))).toBe(true)
    const kept = batchReducer(chosen, { type: 'kept-existing', id: 'a' })
    expect(itemOf(kept).state).toEqual({ status: 'existing', record: inLibrary })
    expect(isSettled(itemOf(kept))).toBe(true)
  })

  it('"Upload anyway" sends the file: it is never left for the copy', () => {
    const anyway = batchAfter([
      { type: 'hashed', id: 'a', sha256: 'e'.repeat(64), duplicateOf: inLibrary },
      { type: 'chosen', id: 'a', choice: 'upload-anyway' },
    ])
    expect(keepsExisting(itemOf(anyway))).toBe(false)
    expect(batchReducer(anyway, { type: 'kept-existing', id: 'a' })).toBe(anyway)
  })

  it('a file that could not be hashed is checked after its bytes are in, and the person chooses again', () => {
    const unhashed = batchAfter([{ type: 'hash-failed', id: 'a', check: 'after-upload' }])
    expect(itemOf(unhashed)).toMatchObject({ check: 'after-upload', state: { status: 'queued' } })
    const found = batchReducer(unhashed, {
      type: 'stored-copy-checked',
      id: 'a',
      sha256: 'd'.repeat(64),
      duplicateOf: inLibrary,
    })
    expect(itemOf(found)).toMatchObject({ sha256: 'd'.repeat(64), duplicateOf: inLibrary, choice: null })
    expect(awaitsChoice(itemOf(found))).toBe(true)
  })

  it('fails on its own, and a lost connection marks it to go on once the browser is back online', () => {
    const lost = batchAfter(
      [
        { type: 'run-started' },
        { type: 'failed', id: 'a', error: UPLOAD_MESSAGES.networkError, detail: UPLOAD_WORDS.gaveUp },
        { type: 'failed', id: 'b', error: 'Upload failed with status: 413' },
      ],
      [photo, photo],
    )
    expect(itemOf(lost).state).toEqual({
      status: 'failed',
      error: UPLOAD_MESSAGES.networkError,
      detail: UPLOAD_WORDS.gaveUp,
    })
    expect(itemOf(lost, 'b').state).toEqual({ status: 'failed', error: 'Upload failed with status: 413' })
    expect([isInterrupted(itemOf(lost)), isInterrupted(itemOf(lost, 'b'))]).toEqual([true, false])
    expect(isFinished(itemOf(lost))).toBe(true)
    expect(isSettled(itemOf(lost))).toBe(false)
  })
})

describe('what the person types', () => {
  it("fills a file's own fields from its metadata, and what the person types is no longer marked filled", () => {
    const read = batchAfter([
      {
        type: 'details-read',
        id: 'a',
        embedded: { title: 'Harbour', author: 'Ines', tags: ['sea', 'dawn'] },
      },
    ])
    expect(itemOf(read).details).toMatchObject({ title: 'Harbour', author: 'Ines', tags: 'sea, dawn' })
    expect(itemOf(read).filled).toEqual(['title', 'tags', 'author'])

    const typed = batchReducer(read, { type: 'details-typed', id: 'a', change: { author: 'Ines R.' } })
    expect(itemOf(typed).filled).toEqual(['title', 'tags'])
    const cleared = batchReducer(typed, { type: 'filled-cleared', id: 'a', field: 'title' })
    expect(itemOf(cleared).details.title).toBe('harbour-at-dawn')
    expect(itemOf(cleared).filled).toEqual(['tags'])
  })

  it('reads nothing into a file once a run has begun: what is sent is settled then', () => {
    const running = batchAfter([{ type: 'run-started' }])
    expect(batchReducer(running, { type: 'details-read', id: 'a', embedded: { title: 'Late' } })).toBe(
      running,
    )
  })

  it('keeps the shared details apart from each file', () => {
    const shared = batchAfter([{ type: 'shared-typed', change: { tags: 'harbour' } }])
    expect(shared.shared.tags).toBe('harbour')
    expect(itemOf(shared).details.tags).toBe('')
  })
})

describe('events that no longer apply', () => {
  it('change nothing for a file since removed', () => {
    const removed = batchAfter([{ type: 'removed', id: 'a' }])
    expect(removed.items).toEqual([])
    for (const event of [
      { type: 'hashing', id: 'a', progress: 90 },
      { type: 'stored', id: 'a', record: stored },
      { type: 'chosen', id: 'a', choice: 'use-existing' },
    ] as const)
      expect(batchReducer(removed, event)).toBe(removed)
  })

  it('a server coming back changes nothing for a file not uploading', () => {
    const queued = batchAfter([{ type: 'hashed', id: 'a', sha256: 'c'.repeat(64), duplicateOf: null }])
    expect(batchReducer(queued, { type: 'server-waiting', id: 'a', waiting: true })).toBe(queued)
  })

  it('a reset empties the batch', () => {
    expect(batchAfter([{ type: 'run-started' }, { type: 'reset' }])).toBe(EMPTY_BATCH)
  })
})

describe("a run's outcome", () => {
  const settled = batchAfter(
    [
      { type: 'stored', id: 'a', record: stored },
      { type: 'hashed', id: 'b', sha256: 'b'.repeat(64), duplicateOf: inLibrary },
      { type: 'chosen', id: 'b', choice: 'use-existing' },
      { type: 'kept-existing', id: 'b' },
    ],
    [photo, photo],
  )

  it('is complete when every file is stored or left for the copy, and counts each kind', () => {
    const outcome = runOutcome([{ kind: 'stored' }, { kind: 'existing' }, { kind: 'cancelled' }], settled)
    expect(outcome).toEqual({
      succeeded: 1,
      failed: 0,
      existing: 1,
      message: UPLOAD_MESSAGES.allSucceeded(1),
      complete: true,
    })
  })

  it('names the first failure when nothing was stored, and is not complete', () => {
    const failed = batchReducer(settled, { type: 'failed', id: 'a', error: 'Upload failed with status: 500' })
    const outcome = runOutcome(
      [
        { kind: 'failed', error: 'Upload failed with status: 500' },
        { kind: 'failed', error: UPLOAD_MESSAGES.networkError },
      ],
      failed,
    )
    expect(outcome.message).toBe(UPLOAD_MESSAGES.totalFailure('Upload failed with status: 500'))
    expect(outcome.complete).toBe(false)
  })

  it('says nothing was added when every file was left for the copy', () => {
    expect(runOutcome([{ kind: 'existing' }], settled).message).toBe(UPLOAD_WORDS.allExisting(1))
  })
})
