import type { MediaRecord } from '../../contract/record'
import type { ReadEmbeddedDetails } from './embedded-details'
import { DEFAULT_CATEGORY } from './file-details'
import type { HostedFile } from './hosts/media-host'
import { abortError, isAbortError, UPLOAD_MESSAGES, UPLOAD_WORDS, uploadFailure } from './messages'
import { fillFromFile, initialDetails, type OwnDetails, type OwnField } from './own-details'
import { uploadOne, type SharedMetadata, type UploadServices } from './upload-one'
import { validateIncomingFiles, type IncomingFiles } from './validate-files'

/** Where one file stands (CONVENTIONS 7); an error belongs to its file, not to the batch. */
export type UploadItemState =
  | { status: 'queued' }
  | { status: 'hashing'; progress: number }
  /** Same bytes as a file already in the library; waits for "Use existing" or "Upload anyway". */
  | { status: 'duplicate' }
  | { status: 'uploading'; progress: number }
  /** The server stopped answering: the file waits for it, keeping its progress, and then goes on. */
  | { status: 'waiting'; progress: number }
  | { status: 'done'; record: MediaRecord }
  /** "Use existing": nothing is added; the library's file (`record`) stands for this one. */
  | { status: 'existing'; record: MediaRecord }
  | { status: 'failed'; error: string; detail?: string }

export type DuplicateChoice = 'use-existing' | 'upload-anyway'

/**
 * How a file is checked for a copy already in the library: by the fingerprint computed here before
 * any byte is sent; when that could not be done, by the one the server computes once it holds the
 * bytes ('after-upload'); or, with a host that computes none, not at all ('none').
 */
export type DuplicateCheck = 'before-upload' | 'after-upload' | 'none'

export interface UploadItem {
  id: string
  file: File
  /** The file's own title, description, tags, author and date, each editable in its row. */
  details: OwnDetails
  /** The fields of `details` filled from the file's embedded metadata and not changed since. */
  filled: readonly OwnField[]
  /** The file's fingerprint (`src/contract/fingerprint.ts`); null until known. */
  sha256: string | null
  /** The library's record with the same fingerprint. */
  duplicateOf: MediaRecord | null
  choice: DuplicateChoice | null
  check: DuplicateCheck
  state: UploadItemState
}

export interface RunOutcome {
  succeeded: number
  failed: number
  /** Files left out for the library's copy ("Use existing"). */
  existing: number
  /** The spec's summary of the run (section 8). */
  message: string
  /** Every file of the batch is stored: the dialog closes, the selection resets, the list reloads. */
  complete: boolean
}

export interface BatchContext {
  /** The library's file with this SHA-256, if any (now, or once the library's worker answers). */
  findDuplicate: (sha256: string) => MediaRecord | null | Promise<MediaRecord | null>
  folderPath: string
}

export interface BatchSnapshot {
  items: readonly UploadItem[]
  shared: SharedMetadata
  running: boolean
}

/** Files uploaded at once; each sends one chunk at a time (performance notes, section 5). */
const CONCURRENT_FILES = 3

export const INITIAL_SHARED: SharedMetadata = {
  description: '',
  category: DEFAULT_CATEGORY,
  categoryChanged: false,
  tags: '',
  author: '',
}

export function summarize(succeeded: number, failed: number, firstError: string, existing = 0): string {
  if (failed === 0 && succeeded === 0 && existing > 0) return UPLOAD_WORDS.allExisting(existing)
  if (failed === 0) return UPLOAD_MESSAGES.allSucceeded(succeeded)
  if (succeeded === 0) return UPLOAD_MESSAGES.totalFailure(firstError)
  return UPLOAD_MESSAGES.someFailed(succeeded, failed)
}

let nextItemId = 0

/**
 * The state of one Upload dialog, outside React so the asynchronous flow reads current values: files are
 * hashed as they come in (one at a time, in a worker) and checked against the library's hashes; a run
 * uploads the files given, a few at a time, and reports the spec's summary.
 */
export class UploadBatch {
  private snapshot: BatchSnapshot = { items: [], shared: INITIAL_SHARED, running: false }
  private readonly listeners = new Set<() => void>()
  private lifetime = new AbortController()
  private hashQueue: Promise<unknown> = Promise.resolve()
  private readonly hashes = new Map<string, Promise<void>>()
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

  /** Adds dropped files, or none of them when the batch would pass 10 (spec section 5). */
  add(files: readonly File[]): IncomingFiles {
    const read = this.services.readEmbeddedDetails
    const incoming = validateIncomingFiles(this.snapshot.items, files, {
      maxBytes: this.services.host.maxFileBytes,
    })
    const added = incoming.accepted.map<UploadItem>((file) => ({
      id: `upload-${String(++nextItemId)}`,
      file,
      details: initialDetails(file),
      filled: [],
      sha256: null,
      duplicateOf: null,
      choice: null,
      check: 'before-upload',
      state: { status: 'hashing', progress: 0 },
    }))
    this.set({ items: [...this.snapshot.items, ...added] })
    for (const item of added) {
      this.hashes.set(item.id, this.queueHash(item.id, item.file))
      if (read) void this.readEmbedded(item.id, item.file, read)
    }
    return incoming
  }

  remove(id: string) {
    this.set({ items: this.snapshot.items.filter((item) => item.id !== id) })
  }

  /** What the person types in a file's own fields: theirs, no longer marked as filled from the file. */
  setDetails(id: string, change: Partial<OwnDetails>) {
    const item = this.item(id)
    if (!item) return
    this.patch(id, {
      details: { ...item.details, ...change },
      filled: item.filled.filter((field) => !(field in change)),
    })
  }

  /** Puts back what a field held before the file filled it in (for a title, the one from the name). */
  clearFilled(id: string, field: OwnField) {
    const item = this.item(id)
    if (item) this.setDetails(id, { [field]: initialDetails(item.file)[field] })
  }

  /** The details for every file; one typed there wins over each file's own (`resolvedDetails`). */
  setShared(change: Partial<SharedMetadata>) {
    this.set({ shared: { ...this.snapshot.shared, ...change } })
  }

  choose(id: string, choice: DuplicateChoice) {
    const item = this.item(id)
    if (!item) return
    this.patch(id, { choice, state: item.state.status === 'duplicate' ? { status: 'queued' } : item.state })
    this.choiceWaiters.get(id)?.()
  }

  /** Finalize: every file not yet stored (nor left for the library's copy). */
  start(): Promise<RunOutcome | null> {
    const left = this.snapshot.items.filter(
      (item) => item.state.status !== 'done' && item.state.status !== 'existing',
    )
    return this.run(left.map((item) => item.id))
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
    this.hashes.clear()
    this.choiceWaiters.clear()
    this.set({ items: [], shared: INITIAL_SHARED, running: false })
  }

  /**
   * Reads the file's embedded metadata into its own fields, each one the person has not changed yet;
   * not once its upload has begun, since what is sent is settled then.
   */
  private async readEmbedded(id: string, file: File, read: ReadEmbeddedDetails): Promise<void> {
    const { signal } = this.lifetime
    const embedded = await read(file).catch(() => null)
    const item = this.item(id)
    if (signal.aborted || !item || this.snapshot.running) return
    this.patch(id, fillFromFile(file, item.details, item.filled, embedded))
  }

  private async run(ids: readonly string[]): Promise<RunOutcome | null> {
    if (this.snapshot.running || ids.length === 0) return null
    const { signal } = this.lifetime
    this.set({ running: true })
    const queue = [...ids]
    let succeeded = 0
    let failed = 0
    let existing = 0
    let firstError = ''
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !signal.aborted; id = queue.shift()) {
        const error = await this.runOne(id, signal)
        if (error === null) succeeded++
        else if (error === 'existing') existing++
        else if (error !== 'cancelled') {
          failed++
          firstError ||= error
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_FILES, ids.length) }, worker))
    if (signal.aborted) return null
    this.set({ running: false })
    const complete = this.snapshot.items.every(
      (item) => item.state.status === 'done' || item.state.status === 'existing',
    )
    const message = summarize(succeeded, failed, firstError, existing)
    return { succeeded, failed, existing, message, complete }
  }

  /**
   * Null when the file is stored, 'existing' when the person kept the library's copy instead (nothing
   * is added: no bytes when they chose before sending, no record ever), 'cancelled' when the batch was
   * reset, else the error shown.
   */
  private async runOne(id: string, signal: AbortSignal): Promise<string | null> {
    try {
      await this.hashes.get(id)
      const item = await this.awaitChoice(id, signal)
      if (this.keptExisting(id)) return 'existing'
      this.patch(id, { state: { status: 'uploading', progress: 0 } })
      const input = {
        file: item.file,
        details: item.details,
        sha256: item.sha256,
        shared: this.snapshot.shared,
        folderPath: this.context.folderPath,
      }
      const record = await uploadOne(input, this.services, {
        signal,
        afterBytes: (hosted) => this.checkStoredCopy(id, hosted, signal),
        onProgress: (fraction) => {
          if (!signal.aborted)
            this.patch(id, { state: { status: 'uploading', progress: Math.floor(fraction * 100) } })
        },
        onWaiting: (waiting) => {
          const state = this.item(id)?.state
          if (signal.aborted || (state?.status !== 'uploading' && state?.status !== 'waiting')) return
          this.patch(id, { state: { status: waiting ? 'waiting' : 'uploading', progress: state.progress } })
        },
      })
      if (record === null) return this.keptExisting(id) ? 'existing' : 'cancelled'
      this.patch(id, { state: { status: 'done', record } })
      return null
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return 'cancelled'
      const failure = uploadFailure(error)
      this.patch(id, { state: { status: 'failed', ...failure } })
      return failure.error
    }
  }

  /** The item once the user has decided about a duplicate; no byte is sent before that. */
  private async awaitChoice(id: string, signal: AbortSignal): Promise<UploadItem> {
    for (;;) {
      const item = this.item(id)
      if (!item || signal.aborted) throw abortError()
      if (!item.duplicateOf || item.choice) return item
      this.patch(id, { state: { status: 'duplicate' } })
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

  /** Marks the file as left for the library's copy when the person chose "Use existing"; whether so. */
  private keptExisting(id: string): boolean {
    const item = this.item(id)
    if (item?.choice !== 'use-existing' || !item.duplicateOf) return false
    this.patch(id, { state: { status: 'existing', record: item.duplicateOf } })
    return true
  }

  /**
   * A file that could not be checked before sending is checked by the fingerprint the server computed
   * from its bytes, before its record is stored: on a match the person chooses as before. Whether to
   * store the record.
   */
  private async checkStoredCopy(id: string, hosted: HostedFile, signal: AbortSignal): Promise<boolean> {
    const before = this.item(id)
    if (before?.check !== 'after-upload' || !hosted.sha256) return true
    const duplicateOf = await Promise.resolve(this.context.findDuplicate(hosted.sha256)).catch(
      (error: unknown) => {
        console.warn(`Could not check ${before.file.name} against the library:`, error)
        return null
      },
    )
    this.patch(id, { sha256: hosted.sha256, duplicateOf, choice: null })
    if (!duplicateOf) return true
    const item = await this.awaitChoice(id, signal)
    if (item.choice === 'use-existing') return false
    this.patch(id, { state: { status: 'uploading', progress: 100 } })
    return true
  }

  private queueHash(id: string, file: File): Promise<void> {
    const { signal } = this.lifetime
    // A function, not a property read: the signal changes while the hash is awaited.
    const cancelled = () => signal.aborted
    const task = this.hashQueue.then(async () => {
      if (cancelled() || !this.item(id)) return
      try {
        const sha256 = await this.services.hashFile(file, {
          signal,
          onProgress: (fraction) => {
            this.patch(id, { state: { status: 'hashing', progress: Math.floor(fraction * 100) } })
          },
        })
        // A record's `sha256` is the fingerprint the built-in host computed from the bytes it stored,
        // never a client's claim, so a record cannot pose as another file to capture "Use existing".
        const duplicateOf = await this.context.findDuplicate(sha256)
        if (cancelled() || !this.item(id)) return
        this.patch(id, {
          sha256,
          duplicateOf,
          state: duplicateOf ? { status: 'duplicate' } : { status: 'queued' },
        })
      } catch (error) {
        // Without a fingerprint the file still uploads; the server's is checked once it holds the bytes.
        if (!cancelled()) {
          console.warn(`Could not check ${file.name} against the library:`, error)
          const check = this.services.host.kind === 'builtin' ? 'after-upload' : 'none'
          this.patch(id, { check, state: { status: 'queued' } })
        }
      }
    })
    this.hashQueue = task
    return task
  }

  private item(id: string): UploadItem | undefined {
    return this.snapshot.items.find((item) => item.id === id)
  }

  private patch(id: string, change: Partial<UploadItem>) {
    if (!this.item(id)) return
    this.set({ items: this.snapshot.items.map((item) => (item.id === id ? { ...item, ...change } : item)) })
  }

  private set(change: Partial<BatchSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change }
    for (const listener of this.listeners) listener()
  }
}
