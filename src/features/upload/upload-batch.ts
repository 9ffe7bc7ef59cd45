import { labelKey } from '../../contract/labels'
import type { MediaRecord } from '../../contract/record'
import type { EmbeddedDetails, ReadEmbeddedDetails } from './embedded-details'
import { DEFAULT_CATEGORY, titleFromName } from './file-details'
import { abortError, isAbortError, UPLOAD_MESSAGES, uploadFailure } from './messages'
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
  | { status: 'failed'; error: string; detail?: string }

export type DuplicateChoice = 'use-existing' | 'upload-anyway'

export interface UploadItem {
  id: string
  file: File
  title: string
  /** The file's fingerprint (`src/contract/fingerprint.ts`), computed in the browser; null until hashed. */
  sha256: string | null
  /** The library's record with the same fingerprint, found before any byte is sent. */
  duplicateOf: MediaRecord | null
  choice: DuplicateChoice | null
  state: UploadItemState
  /** What the file's embedded metadata offers the form: undefined while it is read, null for nothing. */
  embedded: EmbeddedDetails | null | undefined
  /** The title is the one embedded in the file, and the person has not changed it. */
  titleFilled: boolean
}

/** The shared fields a batch's embedded metadata may fill in. */
export type FillableField = 'description' | 'tags' | 'author'

const FILLABLE: readonly FillableField[] = ['description', 'tags', 'author']

export interface RunOutcome {
  succeeded: number
  failed: number
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
  /** The shared fields whose value was filled in from the files, not typed. */
  filled: readonly FillableField[]
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

export function summarize(succeeded: number, failed: number, firstError: string): string {
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
  private snapshot: BatchSnapshot = { items: [], shared: INITIAL_SHARED, filled: [], running: false }
  private readonly listeners = new Set<() => void>()
  private lifetime = new AbortController()
  private hashQueue: Promise<unknown> = Promise.resolve()
  private readonly hashes = new Map<string, Promise<void>>()
  private readonly choiceWaiters = new Map<string, () => void>()
  /** Shared fields the person typed in (or cleared): the files never fill them again in this batch. */
  private readonly typed = new Set<FillableField>()

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
      title: titleFromName(file.name),
      sha256: null,
      duplicateOf: null,
      choice: null,
      state: { status: 'hashing', progress: 0 },
      embedded: read ? undefined : null,
      titleFilled: false,
    }))
    this.set({ items: [...this.snapshot.items, ...added] })
    for (const item of added) {
      this.hashes.set(item.id, this.queueHash(item.id, item.file))
      if (read) void this.readEmbedded(item.id, item.file, read)
    }
    // Files added may disagree with what the others filled in.
    if (added.length > 0) this.fillShared()
    return incoming
  }

  remove(id: string) {
    this.set({ items: this.snapshot.items.filter((item) => item.id !== id) })
    this.fillShared()
  }

  setTitle(id: string, title: string) {
    this.patch(id, { title, titleFilled: false })
  }

  /** Puts back the title from the file's name in place of the one filled in from its metadata. */
  clearTitle(id: string) {
    const item = this.item(id)
    if (item) this.patch(id, { title: titleFromName(item.file.name), titleFilled: false })
  }

  /** What the person sets; a description, tags or author set so is theirs, never filled over. */
  setShared(change: Partial<SharedMetadata>) {
    const touched = FILLABLE.filter((field) => field in change)
    for (const field of touched) this.typed.add(field)
    this.set({
      shared: { ...this.snapshot.shared, ...change },
      filled: this.snapshot.filled.filter((field) => !touched.includes(field)),
    })
  }

  choose(id: string, choice: DuplicateChoice) {
    const item = this.item(id)
    if (!item) return
    this.patch(id, { choice, state: item.state.status === 'duplicate' ? { status: 'queued' } : item.state })
    this.choiceWaiters.get(id)?.()
  }

  /** Finalize: every file not yet stored. */
  start(): Promise<RunOutcome | null> {
    return this.run(this.snapshot.items.filter((item) => item.state.status !== 'done').map((item) => item.id))
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
    this.typed.clear()
    this.set({ items: [], shared: INITIAL_SHARED, filled: [], running: false })
  }

  /**
   * Reads the file's embedded metadata; its title goes in while the file's title is still the one from
   * its name, and the shared fields are filled in again from every file's.
   */
  private async readEmbedded(id: string, file: File, read: ReadEmbeddedDetails): Promise<void> {
    const { signal } = this.lifetime
    const embedded = await read(file).catch(() => null)
    const item = this.item(id)
    if (signal.aborted || !item) return
    const title = embedded?.title
    const fill = title !== undefined && !this.snapshot.running && item.title === titleFromName(file.name)
    this.patch(id, fill ? { embedded, title, titleFilled: true } : { embedded })
    this.fillShared()
  }

  /**
   * The shared fields apply to every file, so the files fill one in only with what all of them agree on:
   * the same description, the same author, the keywords every file carries. Nothing is filled before
   * every file has been read, during a run, or in a field the person has typed in; a filled field that
   * the files no longer agree on (one was added) is emptied again.
   */
  private fillShared() {
    const { items, shared, running } = this.snapshot
    if (running || items.some((item) => item.embedded === undefined)) return
    const change: Partial<Record<FillableField, string>> = {}
    const filled: FillableField[] = []
    for (const field of FILLABLE) {
      if (this.typed.has(field)) continue
      const value = agreedValue(field, items)
      change[field] = value
      if (value !== '') filled.push(field)
    }
    this.set({ shared: { ...shared, ...change }, filled })
  }

  private async run(ids: readonly string[]): Promise<RunOutcome | null> {
    if (this.snapshot.running || ids.length === 0) return null
    const { signal } = this.lifetime
    this.set({ running: true })
    const queue = [...ids]
    let succeeded = 0
    let failed = 0
    let firstError = ''
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !signal.aborted; id = queue.shift()) {
        const error = await this.runOne(id, signal)
        if (error === null) succeeded++
        else if (error !== 'cancelled') {
          failed++
          firstError ||= error
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_FILES, ids.length) }, worker))
    if (signal.aborted) return null
    this.set({ running: false })
    const complete = this.snapshot.items.every((item) => item.state.status === 'done')
    return { succeeded, failed, message: summarize(succeeded, failed, firstError), complete }
  }

  /** Null when the file is stored, 'cancelled' when the batch was reset, else the error shown. */
  private async runOne(id: string, signal: AbortSignal): Promise<string | null> {
    try {
      await this.hashes.get(id)
      const item = await this.awaitChoice(id, signal)
      this.patch(id, { state: { status: 'uploading', progress: 0 } })
      const input = {
        file: item.file,
        title: item.title,
        sha256: item.sha256,
        useExisting: item.choice === 'use-existing' ? item.duplicateOf : null,
        shared: this.snapshot.shared,
        folderPath: this.context.folderPath,
      }
      const record = await uploadOne(input, this.services, {
        signal,
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
        // Without a hash the file still uploads; it only cannot be checked for a duplicate.
        if (!cancelled()) {
          console.warn(`Could not hash ${file.name}:`, error)
          this.patch(id, { state: { status: 'queued' } })
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

/** What every file of the batch says for `field`, or '' when they do not all say the same. */
function agreedValue(field: FillableField, items: readonly UploadItem[]): string {
  if (items.length === 0) return ''
  if (field === 'tags') {
    const [head, ...rest] = items.map((item) => item.embedded?.tags ?? [])
    const others = rest.map((tags) => new Set(tags.map(labelKey)))
    return (head ?? []).filter((tag) => others.every((keys) => keys.has(labelKey(tag)))).join(', ')
  }
  const values = items.map((item) => item.embedded?.[field])
  const [head] = values
  return head !== undefined && values.every((value) => value === head) ? head : ''
}
