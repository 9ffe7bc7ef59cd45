import { describe, expect, it, vi } from 'vitest'

import type { BatchSnapshot } from '../../../../src/features/upload/batch-state'
import type { HostedFile, MediaHost } from '../../../../src/features/upload/hosts/media-host'
import { UPLOAD_WORDS } from '../../../../src/features/upload/messages'
import { UploadBatch } from '../../../../src/features/upload/upload-batch'
import type { UploadServices } from '../../../../src/features/upload/upload-one'
import { listedRecord } from '../../../support/listed-record'

const inLibrary = listedRecord(7, { sha256: 'a'.repeat(64) })

const textFile = (name: string) => new File([name], name, { type: 'text/plain' })

/** Fingerprints by name; a name missing from `known` cannot be hashed. */
function hashByName(known: Record<string, string>): UploadServices['hashFile'] {
  return (file) => {
    const sha = known[(file as File).name]
    return sha === undefined ? Promise.reject(new Error('No worker')) : Promise.resolve(sha)
  }
}

/** A host that stores every file at once, saying the fingerprint `sha256` computed; or held by `gate`. */
function testHost(sha256: string | null = null, gate?: () => Promise<void>) {
  const sent: string[] = []
  const host: MediaHost = {
    kind: 'builtin',
    maxFileBytes: 1_000_000,
    thumbnailUrl: () => null,
    async upload(file) {
      sent.push(file.name)
      await gate?.()
      const hosted: HostedFile = {
        secure_url: `/api/files/x/${file.name}`,
        public_id: file.name,
        resource_type: 'raw',
        format: 'txt',
        bytes: file.size,
        width: null,
        height: null,
        duration: null,
        sha256,
      }
      return hosted
    },
  }
  return { host, sent }
}

function batchOf(host: MediaHost, hashFile: UploadServices['hashFile']) {
  const createRecord = vi.fn<UploadServices['createRecord']>(() => Promise.resolve(listedRecord(8)))
  const batch = new UploadBatch({
    host,
    hashFile,
    inspectFile: () => Promise.resolve({ measured: {}, thumbnail: null }),
    createRecord,
  })
  batch.setContext({
    findDuplicate: (sha) => (sha === inLibrary.sha256 ? inLibrary : null),
    folderPath: '/',
  })
  return { batch, createRecord }
}

/** Resolves once the batch's state passes `test`. */
function until(batch: UploadBatch, test: (snapshot: BatchSnapshot) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test(batch.getSnapshot())) resolve()
    const stop = batch.subscribe(() => {
      if (!test(batch.getSnapshot())) return
      stop()
      resolve()
    })
  })
}

const statusOf = (batch: UploadBatch, index = 0) => batch.getSnapshot().items[index]?.state.status

describe('an upload batch running its steps', () => {
  it('sends no byte of a duplicate until the person chooses, and "Use existing" adds nothing', async () => {
    const { host, sent } = testHost()
    const { batch, createRecord } = batchOf(host, hashByName({ 'copy.txt': 'a'.repeat(64) }))
    batch.add([textFile('copy.txt')])
    await until(batch, () => statusOf(batch) === 'duplicate')

    const run = batch.start()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toEqual([])
    batch.choose(batch.getSnapshot().items[0]?.id ?? '', 'use-existing')

    expect(await run).toMatchObject({ succeeded: 0, existing: 1, message: UPLOAD_WORDS.allExisting(1) })
    expect(statusOf(batch)).toBe('existing')
    expect(sent).toEqual([])
    expect(createRecord).not.toHaveBeenCalled()
  })

  it("checks a file it could not hash with the server's fingerprint before its record is stored", async () => {
    const { host, sent } = testHost('a'.repeat(64))
    const { batch, createRecord } = batchOf(host, hashByName({}))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    batch.add([textFile('unhashed.txt')])
    await until(batch, (snapshot) => snapshot.items[0]?.check === 'after-upload')
    expect(warn).toHaveBeenCalledWith('Could not check unhashed.txt against the library:', expect.any(Error))
    warn.mockRestore()

    const run = batch.start()
    await until(batch, () => statusOf(batch) === 'duplicate')
    expect(sent).toEqual(['unhashed.txt'])
    expect(createRecord).not.toHaveBeenCalled()
    batch.choose(batch.getSnapshot().items[0]?.id ?? '', 'upload-anyway')

    expect(await run).toMatchObject({ succeeded: 1, failed: 0, complete: true })
    expect(createRecord).toHaveBeenCalledTimes(1)
  })

  it('uploads three files at a time', async () => {
    let open = 0
    let most = 0
    const { host } = testHost(null, async () => {
      most = Math.max(most, ++open)
      await new Promise((resolve) => setTimeout(resolve, 5))
      open--
    })
    const names = ['1', '2', '3', '4', '5'].map((n) => `${n}.txt`)
    const { batch } = batchOf(host, hashByName(Object.fromEntries(names.map((n) => [n, n.repeat(8)]))))
    batch.add(names.map(textFile))

    expect(await batch.start()).toMatchObject({ succeeded: 5, complete: true })
    expect(most).toBe(3)
  })

  it('ends a run reset under it with nothing to report, the batch empty', async () => {
    let release = () => {}
    const { host } = testHost(null, () => new Promise<void>((resolve) => (release = resolve)))
    const { batch } = batchOf(host, hashByName({ 'a.txt': 'b'.repeat(64) }))
    batch.add([textFile('a.txt')])
    const run = batch.start()
    await until(batch, () => statusOf(batch) === 'uploading')

    batch.reset()
    release()
    expect(await run).toBeNull()
    expect(batch.getSnapshot()).toMatchObject({ items: [], running: false })
  })
})
