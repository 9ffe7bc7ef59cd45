import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  chooseTarget,
  discard,
  keep,
  STREAM_TO_DISK_BYTES,
  writeArchive,
} from '../../../../../src/features/download/model/save-archive'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A save picker whose file records what was written to it and whether it was kept. */
function fakePicker(fail?: Error) {
  const file = { written: [] as number[], closed: false, aborted: false, removed: false }
  const handle = {
    createWritable: () =>
      Promise.resolve(
        new WritableStream<Uint8Array>({
          write: (chunk) => {
            file.written.push(...chunk)
          },
          close: () => {
            file.closed = true
          },
          abort: () => {
            file.aborted = true
          },
        }),
      ),
    remove: () => {
      file.removed = true
      return Promise.resolve()
    },
  }
  const picker = vi.fn(() => (fail ? Promise.reject(fail) : Promise.resolve(handle)))
  vi.stubGlobal('showSaveFilePicker', picker)
  return { picker, file }
}

const stream = () => new Blob([new Uint8Array([1, 2, 3])]).stream()

describe('chooseTarget', () => {
  it('builds in memory below 500 MiB, even where a save picker exists', async () => {
    const { picker } = fakePicker()
    expect(await chooseTarget('a.zip', STREAM_TO_DISK_BYTES - 1)).toEqual({ kind: 'blob' })
    expect(picker).not.toHaveBeenCalled()
  })

  it('builds in memory without a save picker, whatever the size', async () => {
    expect(await chooseTarget('a.zip', 10 * STREAM_TO_DISK_BYTES)).toEqual({ kind: 'blob' })
  })

  it('streams to the file picked from 500 MiB on, and keeps it once done', async () => {
    const { picker, file } = fakePicker()
    const target = await chooseTarget('media-2-files-2026-11-24.zip', STREAM_TO_DISK_BYTES)
    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({ suggestedName: 'media-2-files-2026-11-24.zip' }),
    )
    expect(target?.kind).toBe('disk')
    if (!target) return
    expect(await writeArchive(stream(), target, new AbortController().signal)).toBeNull()
    expect(file.written).toEqual([1, 2, 3])
    expect(file.closed).toBe(false)
    await keep(target)
    expect(file).toMatchObject({ closed: true, removed: false })
  })

  it('leaves nothing behind when an archive on disk is dropped', async () => {
    const { file } = fakePicker()
    const target = await chooseTarget('a.zip', STREAM_TO_DISK_BYTES)
    if (!target) throw new Error('no target')
    await discard(target)
    expect(file).toMatchObject({ closed: false, aborted: true, removed: true })
  })

  it('saves nothing when the user closes the picker, and falls back to memory on any other failure', async () => {
    fakePicker(new DOMException('The user aborted a request.', 'AbortError'))
    expect(await chooseTarget('a.zip', STREAM_TO_DISK_BYTES)).toBeNull()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    fakePicker(new DOMException('Must be handling a user gesture.', 'SecurityError'))
    expect(await chooseTarget('a.zip', STREAM_TO_DISK_BYTES)).toEqual({ kind: 'blob' })
  })
})

describe('writeArchive to memory', () => {
  it('collects the archive in a ZIP-typed Blob', async () => {
    const blob = await writeArchive(stream(), { kind: 'blob' }, new AbortController().signal)
    expect(blob?.type).toBe('application/zip')
    expect([...new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([1, 2, 3])
  })
})
