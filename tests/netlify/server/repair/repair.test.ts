/**
 * The repair pass, invariant by invariant: each test breaks one the way a request failing midway (or a
 * race) would, and checks that a pass reports it, fixes it, and that the next pass finds nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import cleanupUploads from '../../../../netlify/functions/cleanup-uploads.mts'
import { markReleasing, STALE_MARK_MS } from '../../../../netlify/server/files/release-marks'
import { mutateFolders, readFolders } from '../../../../netlify/server/folders/folder-document'
import { readAllRecords } from '../../../../netlify/server/records/record-pages'
import { operateOnStoredRecords } from '../../../../netlify/server/records/record-shards'
import { mediaHostStores } from '../../../../netlify/server/store'
import type { ViolationKind } from '../../../../netlify/server/repair/repair-log'
import { runRepair, type RepairOptions } from '../../../../netlify/server/repair/run-repair'
import {
  chunkPrefix,
  manifestKey,
  newUploadId,
  uploadKey,
} from '../../../../netlify/server/uploads/upload-documents'
import { forgetManifest, type MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import type { MediaRecord } from '../../../../src/contract/record'
import { FaultInjector, faultModesFor } from '../../../support/fault-injector'
import {
  describeCall,
  isMutation,
  type Interceptor,
  type StoreCall,
} from '../../../support/store-interceptor'
import {
  createTusUpload,
  FIRST_CHUNK,
  freshStores,
  patchSpec,
  send,
  sendOk,
  settings,
  TWO_CHUNKS,
  uploadFile,
} from '../../../support/in-process-api'

const BYTES = new TextEncoder().encode('twenty bytes of text')
const HOUR = 3_600_000

/** A moment after every upload made now has expired. */
const afterExpiry = () => new Date(Date.now() + settings().expiryMs + HOUR)

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

function repair(raw: MediaHostStores, options: RepairOptions = {}) {
  return runRepair(raw, settings(), options)
}

const kinds = (report: Awaited<ReturnType<typeof repair>>) =>
  report.violations.map((violation) => violation.kind)

async function createRecord(fields: Record<string, unknown>): Promise<MediaRecord> {
  const { body } = await sendOk({
    method: 'POST',
    path: '/api/upload',
    json: { media_url: `https://cdn.example.test/${String(Math.random()).slice(2)}.png`, ...fields },
  })
  return (body as { record: MediaRecord }).record
}

async function createFolder(name: string, parentPath = '/'): Promise<void> {
  await sendOk({ method: 'POST', path: '/api/folder-create', json: { name, parent_path: parentPath } })
}

async function records(raw: MediaHostStores): Promise<Map<number, MediaRecord>> {
  return new Map((await readAllRecords(raw.documents)).map((record) => [record.id as number, record]))
}

/** Changes a stored record behind the services' back, as a failed or racing request could leave it. */
async function damageRecord(raw: MediaHostStores, id: number, change: Partial<MediaRecord>): Promise<void> {
  await operateOnStoredRecords(raw.documents, [id], (current) => ({
    record: current ? { ...current, ...change } : undefined,
    result: undefined,
  }))
}

/** Marks folders as a delete that stopped after its first step would have left them. */
async function markDeleting(raw: MediaHostStores, paths: readonly string[]): Promise<void> {
  await mutateFolders(raw.documents, (document) => ({
    next: {
      ...document,
      folders: document.folders.map((folder) =>
        paths.includes(folder.path) ? { ...folder, deleting: true } : folder,
      ),
    },
    result: undefined,
  }))
}

/** An upload whose last PATCH stored every byte, then failed before writing the file manifest. */
async function stuckUpload(failing: { on: boolean }): Promise<string> {
  const id = await createTusUpload('stuck.txt', BYTES.length)
  failing.on = true
  const answer = await send(patchSpec(id, 0, BYTES))
  failing.on = false
  expect(answer.status).toBe(500)
  return id
}

/** Fails every write of a file manifest while `failing.on`. */
function failManifestWrites(failing: { on: boolean }): Interceptor {
  return (call: StoreCall, proceed) =>
    failing.on && call.op === 'write' && call.key.startsWith('files/')
      ? Promise.reject(new Error('Injected failure of the manifest write'))
      : proceed()
}

describe('the repair pass', () => {
  it('finds nothing in a healthy library, fixes nothing, and says it checked everything', async () => {
    const raw = freshStores()
    await createFolder('A')
    const file = await uploadFile('a.txt', BYTES)
    await createRecord({ title: 'with file', media_url: file.url, folder_path: '/A' })
    const trashed = await createRecord({ title: 'trashed' })
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(trashed.id)}` })
    const partial = await createTusUpload('partial.txt', TWO_CHUNKS.length)
    await sendOk(patchSpec(partial, 0, TWO_CHUNKS.subarray(0, FIRST_CHUNK)))

    const report = await repair(raw)
    expect(report).toMatchObject({ violations: [], repaired: 0, complete: true })
    // 1 folder, 1 upload, 2 records, 1 file, 2 chunk groups.
    expect(report.checked).toBeGreaterThanOrEqual(7)
    expect((await repair(raw, { now: afterExpiry() })).violations.map((violation) => violation.kind)).toEqual(
      ['expired-upload'],
    )
  })

  it('finishes a folder delete that stopped after marking its folders', async () => {
    const raw = freshStores()
    await createFolder('A')
    await createFolder('B', '/A')
    await createFolder('Keep')
    const live = await createRecord({ title: 'in B', folder_path: '/A/B' })
    const trashed = await createRecord({ title: 'trashed in A', folder_path: '/A' })
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(trashed.id)}` })
    await markDeleting(raw, ['/A', '/A/B'])

    const report = await repair(raw)
    // Only the topmost marked folder is named: its delete takes the one below with it.
    expect(report.violations).toEqual([
      expect.objectContaining({ kind: 'folder-stuck-deleting', subject: 'folder 1', repaired: true }),
    ])
    expect((await readFolders(raw.documents)).folders.map((folder) => folder.path)).toEqual(['/Keep'])
    const after = await records(raw)
    expect(after.get(live.id)?.folder_path).toBe('/')
    expect(after.get(trashed.id)).toMatchObject({
      folder_path: '/',
      deleted_at: expect.any(String) as unknown,
    })
    expect((await repair(raw)).violations).toEqual([])
  })

  it('moves records out of folders that are gone, to the nearest folder above', async () => {
    const raw = freshStores()
    await createFolder('A')
    const top = await createRecord({ title: 'top' })
    const nested = await createRecord({ title: 'nested', folder_path: '/A' })
    const trashed = await createRecord({ title: 'trashed' })
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(trashed.id)}` })
    await damageRecord(raw, top.id, { folder_path: '/Gone' })
    await damageRecord(raw, nested.id, { folder_path: '/A/Gone/Deeper' })
    await damageRecord(raw, trashed.id, { folder_path: '/Gone' })

    const report = await repair(raw)
    expect(kinds(report)).toEqual([
      'record-in-missing-folder',
      'record-in-missing-folder',
      'record-in-missing-folder',
    ])
    expect(report.repaired).toBe(3)
    const after = await records(raw)
    expect(after.get(top.id)?.folder_path).toBe('/')
    expect(after.get(nested.id)?.folder_path).toBe('/A')
    expect(after.get(trashed.id)).toMatchObject({
      folder_path: '/',
      deleted_at: expect.any(String) as unknown,
    })
    expect((await repair(raw)).violations).toEqual([])
  })

  it('finishes an upload that holds every byte but never got its file manifest', async () => {
    const failing = { on: false }
    const raw = freshStores(() => failManifestWrites(failing))
    const id = await stuckUpload(failing)

    const report = await repair(raw)
    expect(report.violations).toEqual([
      expect.objectContaining({ kind: 'upload-not-finished', subject: `upload ${id}`, repaired: true }),
    ])
    expect(await raw.documents.read(uploadKey(id))).toBeNull()
    const { body } = await sendOk({ method: 'GET', path: `/api/uploads/${id}` })
    const url = (body as { result: { secure_url: string } }).result.secure_url
    expect((await sendOk({ method: 'GET', path: url })).body).toBe('twenty bytes of text')
    await createRecord({ title: 'its record', media_url: url })
    expect((await repair(raw)).violations).toEqual([])
  })

  it('removes an unfinished upload and its chunks once it has expired, not before', async () => {
    const raw = freshStores()
    const id = await createTusUpload('abandoned.txt', TWO_CHUNKS.length)
    await sendOk(patchSpec(id, 0, TWO_CHUNKS.subarray(0, FIRST_CHUNK)))
    expect((await repair(raw)).violations).toEqual([])

    const report = await repair(raw, { now: afterExpiry() })
    expect(report.violations).toEqual([expect.objectContaining({ kind: 'expired-upload', repaired: true })])
    expect(await raw.documents.read(uploadKey(id))).toBeNull()
    expect(await raw.bytes.list(chunkPrefix(id))).toEqual([])
    expect((await repair(raw, { now: afterExpiry() })).violations).toEqual([])
  })

  it('moves a live record whose file is gone to the trash, and leaves a trashed one alone', async () => {
    const raw = freshStores()
    const noManifest = await uploadFile('a.txt', BYTES)
    const noChunk = await uploadFile('b.txt', BYTES)
    const trashedFile = await uploadFile('c.txt', BYTES)
    const first = await createRecord({ title: 'manifest gone', media_url: noManifest.url })
    const second = await createRecord({ title: 'chunk gone', media_url: noChunk.url })
    const third = await createRecord({ title: 'already trashed', media_url: trashedFile.url })
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(third.id)}` })
    await raw.documents.remove(manifestKey(noManifest.id))
    await raw.documents.remove(manifestKey(trashedFile.id))
    const [chunk] = await raw.bytes.list(chunkPrefix(noChunk.id))
    await raw.bytes.remove(chunk ?? '')

    const report = await repair(raw)
    expect(report.violations).toEqual([
      expect.objectContaining({
        kind: 'record-without-file',
        subject: `record ${String(first.id)}`,
        repaired: true,
      }),
      expect.objectContaining({
        kind: 'record-without-file',
        subject: `record ${String(second.id)}`,
        repaired: true,
      }),
    ])
    const after = await records(raw)
    expect(after.get(first.id)?.deleted_at).toEqual(expect.any(String))
    expect(after.get(second.id)?.deleted_at).toEqual(expect.any(String))
    const { body } = await sendOk({ method: 'GET', path: '/api/media' })
    expect((body as { records: unknown[] }).records).toEqual([])
    expect((await repair(raw)).violations).toEqual([])
  })

  it('clears a stored thumbnail that is gone, and keeps the record', async () => {
    const raw = freshStores()
    const file = await uploadFile('photo.txt', BYTES)
    const thumbnail = await uploadFile('thumb.txt', BYTES)
    const record = await createRecord({
      title: 'with thumbnail',
      media_url: file.url,
      thumbnail: thumbnail.url,
    })
    await raw.documents.remove(manifestKey(thumbnail.id))

    const report = await repair(raw)
    expect(report.violations).toEqual([
      expect.objectContaining({
        kind: 'thumbnail-without-file',
        subject: `record ${String(record.id)}`,
        repaired: true,
      }),
    ])
    expect((await records(raw)).get(record.id)).toMatchObject({ thumbnail: null, media_url: file.url })
    expect((await records(raw)).get(record.id)?.deleted_at).toBeUndefined()
    expect((await repair(raw)).violations).toEqual([])
  })

  it('keeps every file a record mentions, live or trashed, and removes the others after the expiry', async () => {
    const raw = freshStores()
    const live = await uploadFile('live.txt', BYTES)
    const trashed = await uploadFile('trashed.txt', BYTES)
    const absolute = await uploadFile('absolute.txt', BYTES)
    const nobody = await uploadFile('nobody.txt', BYTES)
    await createRecord({ title: 'live', media_url: live.url })
    const inTrash = await createRecord({ title: 'trashed', media_url: trashed.url })
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(inTrash.id)}` })
    await createRecord({ title: 'absolute', media_url: `https://media.example.test${absolute.url}` })
    expect((await repair(raw)).violations).toEqual([])

    const report = await repair(raw, { now: afterExpiry() })
    expect(report.violations).toEqual([
      expect.objectContaining({ kind: 'unreferenced-file', subject: `file ${nobody.id}`, repaired: true }),
    ])
    expect(await raw.documents.read(manifestKey(nobody.id))).toBeNull()
    expect(await raw.bytes.list(chunkPrefix(nobody.id))).toEqual([])
    for (const kept of [live, trashed, absolute]) {
      expect(await raw.documents.read(manifestKey(kept.id))).not.toBeNull()
      expect(await raw.bytes.list(chunkPrefix(kept.id))).toHaveLength(1)
    }
    expect((await repair(raw, { now: afterExpiry() })).violations).toEqual([])
  })

  it('marks a file before reading the records once more: a record written in between keeps it', async () => {
    const marks: string[] = []
    let onMark: (() => Promise<void>) | null = null
    const raw = freshStores(() => async (call, proceed) => {
      const result = await proceed()
      if (call.op === 'write' && call.key.startsWith('releasing/')) {
        marks.push(call.key)
        const hook = onMark
        onMark = null
        await hook?.()
      }
      return result
    })
    const taken = await uploadFile('taken.txt', BYTES)
    const nobody = await uploadFile('nobody.txt', BYTES)
    const template = await createRecord({ title: 'template' })
    // "Use existing" on a duplicate, writing its record after the mark and before the pass reads again.
    const newId = (template.id + 1) as MediaRecord['id']
    onMark = async () => {
      await operateOnStoredRecords(raw.documents, [newId], () => ({
        record: { ...template, id: newId, media_url: taken.url },
        result: undefined,
      }))
    }

    const report = await runRepairThroughHandlers(afterExpiry())
    expect(marks.map((key) => key.split('/')[1]).sort()).toEqual([nobody.id, taken.id].sort())
    expect(report.violations).toEqual([
      expect.objectContaining({ kind: 'unreferenced-file', subject: `file ${nobody.id}`, repaired: true }),
    ])
    expect(await raw.documents.read(manifestKey(taken.id))).not.toBeNull()
    expect(await raw.bytes.list(chunkPrefix(taken.id))).toHaveLength(1)
    expect(await raw.documents.read(manifestKey(nobody.id))).toBeNull()
    // Kept or removed, no file stays marked.
    expect(await raw.documents.list('releasing/')).toEqual([])
  })

  it('clears release marks left by a remover that died, once they are stale, and never on a dry run', async () => {
    const raw = freshStores()
    const now = new Date()
    const kept = await uploadFile('kept.txt', BYTES)
    await createRecord({ title: 'kept', media_url: kept.url })
    await markReleasing(raw.documents, ['stale-file'], new Date(now.getTime() - STALE_MARK_MS - 1))
    await markReleasing(raw.documents, ['fresh-file'], new Date(now.getTime() - STALE_MARK_MS / 2))
    // A mark is `releasing/{fileId}/{stamp}`: the file it is on.
    const markKeys = async () =>
      (await raw.documents.list('releasing/')).map(({ key }) => key.split('/').slice(0, 2).join('/'))

    await repair(raw, { now, fix: false })
    expect(await markKeys()).toEqual(['releasing/fresh-file', 'releasing/stale-file'])
    expect((await repair(raw, { now })).violations).toEqual([])
    expect(await markKeys()).toEqual(['releasing/fresh-file'])
    await repair(raw, { now: new Date(now.getTime() + STALE_MARK_MS) })
    expect(await markKeys()).toEqual([])
  })

  it('writes no release mark on a dry run', async () => {
    const writes: string[] = []
    const raw = freshStores(() => (call, proceed) => {
      if (isMutation(call)) writes.push(describeCall(call))
      return proceed()
    })
    const nobody = await uploadFile('nobody.txt', BYTES)
    writes.length = 0
    const dry = await runRepair(mediaHostStores(), settings(), { now: afterExpiry(), fix: false })
    expect(dry.violations).toEqual([
      expect.objectContaining({ kind: 'unreferenced-file', subject: `file ${nobody.id}`, repaired: false }),
    ])
    expect(writes).toEqual([])
    expect(await raw.documents.read(manifestKey(nobody.id))).not.toBeNull()
  })

  it('removes chunks no manifest or upload lists after the expiry, and never keys it did not write', async () => {
    const raw = freshStores()
    const file = await uploadFile('kept.txt', BYTES)
    await createRecord({ title: 'kept', media_url: file.url })
    const nobody = newUploadId(new Date())
    const bytes = new Uint8Array([1, 2, 3])
    await raw.bytes.put(`${chunkPrefix(nobody)}0000000000000-aaaaaaaa`, bytes)
    await raw.bytes.put(`${chunkPrefix(file.id)}0000000000000-stray000`, bytes)
    await raw.bytes.put('chunks/not-an-upload-id/0000000000000-x', bytes)
    expect((await repair(raw)).violations).toEqual([])

    const report = await repair(raw, { now: afterExpiry() })
    expect(report.violations.map(({ kind, subject, repaired }) => ({ kind, subject, repaired }))).toEqual(
      expect.arrayContaining([
        { kind: 'orphan-chunks', subject: `chunks ${nobody}`, repaired: true },
        { kind: 'orphan-chunks', subject: `chunks ${file.id}`, repaired: true },
      ]),
    )
    expect(report.violations).toHaveLength(2)
    expect(await raw.bytes.list(chunkPrefix(nobody))).toEqual([])
    expect(await raw.bytes.list(chunkPrefix(file.id))).toHaveLength(1)
    expect(await raw.bytes.list('chunks/not-an-upload-id/')).toHaveLength(1)
    expect((await sendOk({ method: 'GET', path: file.url })).body).toBe('twenty bytes of text')
    expect((await repair(raw, { now: afterExpiry() })).violations).toEqual([])
  })

  it('fixes at most maxRepairs violations per pass, says it stopped short, and the next passes finish', async () => {
    const raw = freshStores()
    const ids = await Promise.all(
      ['one', 'two', 'three'].map(async (title) => (await createRecord({ title })).id),
    )
    for (const [i, id] of ids.entries()) await damageRecord(raw, id, { folder_path: `/Gone${String(i)}` })

    const passes = []
    for (let pass = 0; pass < 4; pass++) passes.push(await repair(raw, { maxRepairs: 1 }))
    expect(
      passes.map(({ violations, repaired, complete }) => [violations.length, repaired, complete]),
    ).toEqual([
      [3, 1, false],
      [2, 1, false],
      [1, 1, true],
      [0, 0, true],
    ])
  })

  it('reads at most maxReads file manifests per pass, and says it stopped short', async () => {
    const manifestReads: string[] = []
    const raw = freshStores(() => (call, proceed) => {
      if (call.op === 'read' && call.key.startsWith('files/')) manifestReads.push(call.key)
      return proceed()
    })
    const ids: string[] = []
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      const file = await uploadFile(name, BYTES)
      await createRecord({ title: name, media_url: file.url })
      ids.push(file.id)
    }
    // Uploading read each manifest into this instance's cache; a fresh instance would not have them.
    ids.forEach(forgetManifest)
    manifestReads.length = 0

    const bounded = await runRepair(mediaHostStores(), settings(), { maxReads: 2 })
    expect(bounded).toMatchObject({ violations: [], complete: false })
    expect(manifestReads).toHaveLength(2)
    expect((await repair(raw, { maxReads: 3 })).complete).toBe(true)
  })

  it('only reports on a dry run', async () => {
    const raw = freshStores()
    const record = await createRecord({ title: 'lost' })
    await damageRecord(raw, record.id, { folder_path: '/Gone' })
    const dry = await repair(raw, { fix: false })
    expect(dry).toMatchObject({
      repaired: 0,
      violations: [{ kind: 'record-in-missing-folder', repaired: false }],
    })
    expect((await records(raw)).get(record.id)?.folder_path).toBe('/Gone')
  })
})

describe('a repair pass that fails midway', () => {
  /** A library with one violation of every kind the pass after the expiry finds. */
  async function brokenLibrary(raw: MediaHostStores, failing: { on: boolean }): Promise<void> {
    await createFolder('A')
    await createFolder('B', '/A')
    await createRecord({ title: 'in B', folder_path: '/A/B' })
    await markDeleting(raw, ['/A', '/A/B'])
    const stranded = await createRecord({ title: 'stranded' })
    await damageRecord(raw, stranded.id, { folder_path: '/Gone' })
    await stuckUpload(failing)
    const abandoned = await createTusUpload('abandoned.txt', TWO_CHUNKS.length)
    await sendOk(patchSpec(abandoned, 0, TWO_CHUNKS.subarray(0, FIRST_CHUNK)))
    const lost = await uploadFile('lost.txt', BYTES)
    await createRecord({ title: 'file gone', media_url: lost.url })
    await raw.documents.remove(manifestKey(lost.id))
    const photo = await uploadFile('photo.txt', BYTES)
    const thumbnail = await uploadFile('thumb.txt', BYTES)
    await createRecord({ title: 'thumbnail gone', media_url: photo.url, thumbnail: thumbnail.url })
    await raw.documents.remove(manifestKey(thumbnail.id))
    await uploadFile('nobody.txt', BYTES)
  }

  const ALL_KINDS: ViolationKind[] = [
    'folder-stuck-deleting',
    'upload-not-finished',
    'expired-upload',
    'record-in-missing-folder',
    'record-without-file',
    'thumbnail-without-file',
    'unreferenced-file',
    'orphan-chunks',
  ]

  it('is completed by the next pass, whichever store call failed', async () => {
    const injector = new FaultInjector()
    const failing = { on: false }
    const wrap = () => (call: StoreCall, proceed: () => Promise<unknown>) =>
      failManifestWrites(failing)(call, () => injector.intercept(call, proceed))

    // A clean pass over the broken library: every kind is found, and how many store calls it takes.
    let raw = freshStores(wrap)
    await brokenLibrary(raw, failing)
    injector.reset()
    const clean = await runRepairThroughHandlers(afterExpiry())
    expect(new Set(kinds(clean))).toEqual(new Set(ALL_KINDS))
    const trace = [...injector.calls]
    expect((await repair(raw, { now: afterExpiry() })).violations).toEqual([])

    let cases = 0
    let thrown = 0
    let fixesFailed = 0
    for (const [index, call] of trace.entries()) {
      for (const mode of faultModesFor(call)) {
        injector.disarm()
        raw = freshStores(wrap)
        await brokenLibrary(raw, failing)
        injector.arm(index + 1, mode)
        // The pass under test runs on the handlers' stores, which the injector sits in front of.
        const faulted = await runRepairThroughHandlers(afterExpiry()).catch(() => null)
        injector.disarm()
        cases++
        if (faulted === null) thrown++
        else if (!faulted.complete) fixesFailed++
        await repair(raw, { now: afterExpiry() })
        const where = `${mode} at call ${String(index + 1)}, ${describeCall(call)}`
        expect((await repair(raw, { now: afterExpiry() })).violations, where).toEqual([])
      }
    }
    console.log(
      `Repair under faults: a pass over a library with all ${String(ALL_KINDS.length)} kinds of violation makes ` +
        `${String(trace.length)} store calls; ${String(cases)} faulted passes: ${String(thrown)} stopped, ` +
        `${String(fixesFailed)} finished with a fix failed, ${String(cases - thrown - fixesFailed)} completed; ` +
        `the next pass then repaired the rest and the one after found 0 violations, every time`,
    )
  }, 120_000)
})

/** Runs the pass the way the scheduled function does, on the stores the handlers use. */
function runRepairThroughHandlers(now: Date) {
  return runRepair(mediaHostStores(), settings(), { now })
}

describe('the hourly cleanup function', () => {
  it('runs the repair pass after sweeping expired uploads', async () => {
    const raw = freshStores()
    await createFolder('A')
    const record = await createRecord({ title: 'in A', folder_path: '/A' })
    await markDeleting(raw, ['/A'])
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)

    const response = await cleanupUploads()
    expect(response.status).toBe(204)
    expect((await records(raw)).get(record.id)?.folder_path).toBe('/')
    expect(log.mock.calls.flat().join('\n')).toMatch(/Repair: 1 violation\(s\), 1 repaired/)
  })
})
