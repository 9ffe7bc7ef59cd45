import type { MediaRecord } from '../../contract/record'
import {
  awaitsChoice,
  batchReducer,
  EMPTY_BATCH,
  isSettled,
  keepsExisting,
  newItem,
  runOutcome,
  type BatchEvent,
  type BatchSnapshot,
  type DuplicateChoice,
  type FileResult,
  type RunOutcome,
  type UploadItem,
} from './batch-state'
import type { HostedFile } from './hosts/media-host'
import { abortError, isAbortError, uploadFailure } from './messages'
import type { OwnDetails, OwnField } from './own-details'
import { uploadOne, type SharedMetadata, type UploadServices } from './upload-one'
import { validateIncomingFiles, type IncomingFiles } from './validate-files'

export interface BatchContext {
  /** The library's file with this SHA-256, if any (now, or once the library's worker answers). */
  findDuplicate: (sha256: string) => MediaRecord | null | Promise<MediaRecord | null>
  folderPath: string
}

/** Files uploaded at once; each sends one chunk at a time (performance notes, section 5). */
const CONCURRENT_FILES = 3

let nextItemId = 0

/**
 * One Upload dialog's batch, run outside React so the asynchronous steps read current values. Each file
 * goes through the same steps: checked as it comes in (hashed in a worker, one at a time, and looked
 * up in the library), its duplicate offered until the person decides, uploaded (a few files at once),
 * finalized (the server's fingerprint checked when ours could not be made, then the record), and
 * ended stored, left for the library's copy, or failed. What each step does to the state is
 * `batchReducer` (batch-state.ts); this class runs the steps and reports their events to it.
 */
export class UploadBatch {
  private snapshot: BatchSnapshot = EMPTY_BATCH
  private readonly listeners = new Set<() => void>()
  private lifetime = new AbortController()
  private hashQueue: Promise<unknown> = Promise.resolve()
  private readonly checks = new Map<string, Promise<void>>()
  private readonly choiceWaiters = new Map<string, () => void>()
  private context: BatchContext = { findDuplicate: () => null, folderPath: '/' }

  constructor(private readonly services: UploadServices) {}

  /** The library's duplicate check and the folder new files go to. */
  setContext(context: BatchContext) {
    this.context = context
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  // Choosing files and their details.

  /** Adds dropped files, or none of them when the batch would pass 10 (spec section 5). */
  add(files: readonly File[]): IncomingFiles {
    const incoming = validateIncomingFiles(this.snapshot.items, files, {
      maxBytes: this.services.host.maxFileBytes,
    })
    const added = incoming.accepted.map((file) => newItem(`upload-${String(++nextItemId)}`, file))
    this.dispatch({ type: 'added', items: added })
    for (const item of added) {
      this.checks.set(item.id, this.queueCheck(item))
      void this.readEmbedded(item)
    }
    return incoming
  }

  remove(id: string) {
    this.dispatch({ type: 'removed', id })
  }

  /** What the person types in a file's own fields. */
  setDetails(id: string, change: Partial<OwnDetails>) {
    this.dispatch({ type: 'details-typed', id, change })
  }

  clearFilled(id: string, field: OwnField) {
    this.dispatch({ type: 'filled-cleared', id, field })
  }

  /** The details for every file; one typed there wins over each file's own (`resolvedDetails`). */
  setShared(change: Partial<SharedMetadata>) {
    this.dispatch({ type: 'shared-typed', change })
  }

  /** The person's answer to a duplicate offered; the file's run goes on with it. */
  choose(id: string, choice: DuplicateChoice) {
    this.dispatch({ type: 'chosen', id, choice })
    this.choiceWaiters.get(id)?.()
  }

  // Running.

  /** Start upload: every file not yet stored (nor left for the library's copy). */
  start(): Promise<RunOutcome | null> {
    return this.run(this.snapshot.items.filter((item) => !isSettled(item)).map((item) => item.id))
  }

  /** One failed file again, on its own. */
  retry(id: string): Promise<RunOutcome | null> {
    return this.run([id])
  }

  /** Empties the batch and cancels whatever is under way; interrupted uploads stay resumable. */
  reset() {
    this.lifetime.abort()
    this.lifetime = new AbortController()
    this.hashQueue = Promise.resolve()
    this.checks.clear()
    this.choiceWaiters.clear()
    this.dispatch({ type: 'reset' })
  }

  /** Runs the files given, a few at a time; null when another run is under way or this one was reset. */
  private async run(ids: readonly string[]): Promise<RunOutcome | null> {
    if (this.snapshot.running || ids.length === 0) return null
    const { signal } = this.lifetime
    this.dispatch({ type: 'run-started' })
    const queue = [...ids]
    const results: FileResult[] = []
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !signal.aborted; id = queue.shift()) {
        results.push(await this.runOne(id, signal))
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_FILES, ids.length) }, worker))
    if (signal.aborted) return null
    this.dispatch({ type: 'run-ended' })
    return runOutcome(results, this.snapshot)
  }

  /** One file's steps once its run has reached it: checked, decided, uploaded, finalized. */
  private async runOne(id: string, signal: AbortSignal): Promise<FileResult> {
    try {
      await this.checks.get(id)
      const item = await this.awaitChoice(id, signal)
      if (this.keptExisting(id)) return { kind: 'existing' }
      this.dispatch({ type: 'uploading', id, progress: 0 })
      const record = await this.upload(item, signal)
      if (record === null) return this.keptExisting(id) ? { kind: 'existing' } : { kind: 'cancelled' }
      this.dispatch({ type: 'stored', id, record })
      return { kind: 'stored' }
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return { kind: 'cancelled' }
      const failure = uploadFailure(error)
      this.dispatch({ type: 'failed', id, ...failure })
      return { kind: 'failed', error: failure.error }
    }
  }

  /** Sends the bytes and stores the record; null when the person kept the library's copy instead. */
  private upload(item: UploadItem, signal: AbortSignal): Promise<MediaRecord | null> {
    const { id } = item
    const input = {
      file: item.file,
      details: item.details,
      sha256: item.sha256,
      shared: this.snapshot.shared,
      folderPath: this.context.folderPath,
    }
    return uploadOne(input, this.services, {
      signal,
      afterBytes: (hosted) => this.checkStoredCopy(id, hosted, signal),
      onProgress: (fraction) => {
        if (!signal.aborted) this.dispatch({ type: 'uploading', id, progress: Math.floor(fraction * 100) })
      },
      onWaiting: (waiting) => {
        if (!signal.aborted) this.dispatch({ type: 'server-waiting', id, waiting })
      },
      onRetrying: (status) => {
        if (!signal.aborted) this.dispatch({ type: 'server-retrying', id, status })
      },
    })
  }

  // Checking each file against the library.

  /** Hashes the file after the ones before it, and looks its fingerprint up in the library. */
  private queueCheck(item: UploadItem): Promise<void> {
    const { id, file } = item
    const { signal } = this.lifetime
    // A function, not a property read: the signal changes while the hash is awaited.
    const cancelled = () => signal.aborted || !this.item(id)
    const task = this.hashQueue.then(async () => {
      if (cancelled()) return
      try {
        const sha256 = await this.services.hashFile(file, {
          signal,
          onProgress: (fraction) => {
            this.dispatch({ type: 'hashing', id, progress: Math.floor(fraction * 100) })
          },
        })
        // A record's `sha256` is the fingerprint the built-in host computed from the bytes it stored,
        // never a client's claim, so a record cannot pose as another file to capture "Use existing".
        const duplicateOf = await this.context.findDuplicate(sha256)
        if (!cancelled()) this.dispatch({ type: 'hashed', id, sha256, duplicateOf })
      } catch (error) {
        // Without a fingerprint the file still uploads; the server's is checked once it holds the bytes.
        if (signal.aborted) return
        console.warn(`Could not check ${file.name} against the library:`, error)
        const check = this.services.host.kind === 'builtin' ? 'after-upload' : 'none'
        this.dispatch({ type: 'hash-failed', id, check })
      }
    })
    this.hashQueue = task
    return task
  }

  /** Reads the file's embedded metadata into its own fields, each one the person has not changed yet. */
  private async readEmbedded(item: UploadItem): Promise<void> {
    const read = this.services.readEmbeddedDetails
    if (!read) return
    const { signal } = this.lifetime
    const embedded = await read(item.file).catch(() => null)
    if (!signal.aborted) this.dispatch({ type: 'details-read', id: item.id, embedded })
  }

  // A duplicate offered, and the person's choice.

  /** The item once the person has decided about a duplicate; no byte is sent before that. */
  private async awaitChoice(id: string, signal: AbortSignal): Promise<UploadItem> {
    for (;;) {
      const item = this.item(id)
      if (!item || signal.aborted) throw abortError()
      if (!awaitsChoice(item)) return item
      this.dispatch({ type: 'duplicate-offered', id })
      await new Promise<void>((resolve) => {
        this.choiceWaiters.set(id, resolve)
        signal.addEventListener(
          'abort',
          () => {
            resolve()
          },
          { once: true },
        )
      })
      this.choiceWaiters.delete(id)
    }
  }

  /** Leaves the file for the library's copy when the person chose "Use existing"; whether so. */
  private keptExisting(id: string): boolean {
    const item = this.item(id)
    if (!item || !keepsExisting(item)) return false
    this.dispatch({ type: 'kept-existing', id })
    return true
  }

  // Finalizing.

  /**
   * A file that could not be checked before sending is checked by the fingerprint the server computed
   * from its bytes, before its record is stored: on a match the person chooses as before. Whether to
   * store the record.
   */
  private async checkStoredCopy(id: string, hosted: HostedFile, signal: AbortSignal): Promise<boolean> {
    const before = this.item(id)
    const sha256 = hosted.sha256
    if (before?.check !== 'after-upload' || !sha256) return true
    const duplicateOf = await Promise.resolve(this.context.findDuplicate(sha256)).catch((error: unknown) => {
      console.warn(`Could not check ${before.file.name} against the library:`, error)
      return null
    })
    this.dispatch({ type: 'stored-copy-checked', id, sha256, duplicateOf })
    if (!duplicateOf) return true
    const item = await this.awaitChoice(id, signal)
    if (item.choice === 'use-existing') return false
    this.dispatch({ type: 'uploading', id, progress: 100 })
    return true
  }

  private item(id: string): UploadItem | undefined {
    return this.snapshot.items.find((item) => item.id === id)
  }

  private dispatch(event: BatchEvent) {
    const next = batchReducer(this.snapshot, event)
    if (next === this.snapshot) return
    this.snapshot = next
    for (const listener of this.listeners) listener()
  }
}
