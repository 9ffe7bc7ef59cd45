import type { MediaRecord } from '../../../../contract/record'
import type { EngineQuestion, EngineReply } from '../library-protocol'
import type { KeptFiles } from './kept-files'
import { keptAnswers, openKeptLibrary, writeKeptLibrary, type KeptLibrary } from './kept-library'

export interface KeptStoreOptions {
  files: KeptFiles
  /**
   * Runs `write` only while this tab holds the store's writer lock (the Web Lock `library-store`, taken
   * if free); false, without running it, when another tab holds it.
   */
  whileWriter: (write: () => Promise<void>) => Promise<boolean>
}

/**
 * The version the kept library's answers carry: no version of the engine's (which count up from 0), so
 * the engine's first answer over the whole library always replaces them.
 */
export const KEPT_VERSION = -2

/**
 * The kept library in front of the engine (decision 0052). Until the library is whole in the worker,
 * the page's query in the title order with no filter is answered from disk (its count, its rows, its ids
 * and places), and the engine's word that the library changed is passed on as the kept answer's version,
 * so the page keeps the kept answer while the pages decode. Any other query, a change in flight, or the
 * library whole retires it: the engine then answers everything, as without a kept library. Once the
 * listing is whole and as the server has it, the library is written again when it differs.
 */
export class KeptFront {
  private library: KeptLibrary | null = null
  private readonly opening: Promise<void>
  private retired = false
  private queue: Promise<void> = Promise.resolve()
  private queued = 0
  private lastChanged: EngineReply | null = null
  private ascending = true
  /** Whether the library in hand may differ from the one kept. */
  private dirty = true
  private keptCount = -1
  private writing = false

  constructor(
    private readonly options: KeptStoreOptions,
    private readonly post: (reply: EngineReply) => void,
    private readonly engine: (question: EngineQuestion) => EngineReply,
  ) {
    this.opening = openKeptLibrary(options.files).then(
      async (opened) => {
        if (opened.kind === 'open') {
          this.keptCount = opened.library.count
          this.dirty = false
          // The library may be whole already (a small one): then only what was kept is known.
          if (this.retired) opened.library.close()
          else this.library = opened.library
          performance.mark('library:kept-open')
          return
        }
        if (opened.kind === 'unreadable') await this.drop()
        else this.retire()
      },
      () => {
        this.retire()
      },
    )
  }

  /** A question of the page: answered from disk while the kept library stands, else by the engine. */
  ask(question: EngineQuestion): void {
    if (this.retired && this.queued === 0) {
      this.post(this.engine(question))
      return
    }
    this.queued++
    this.queue = this.queue
      .then(async () => {
        await this.opening
        const answered = await this.answer(question).catch(() => {
          this.retire()
          return false
        })
        if (!answered) this.post(this.engine(question))
      })
      .finally(() => {
        this.queued--
      })
  }

  private async answer(question: EngineQuestion): Promise<boolean> {
    const library = this.library
    if (this.retired || library === null) return false
    const version = KEPT_VERSION
    const { ask } = question
    switch (question.type) {
      case 'query': {
        if (!keptAnswers(question.filters, question.sort)) {
          this.retire(false)
          return false
        }
        this.ascending = question.sort.direction === 'asc'
        const from = Math.max(0, question.from)
        const rows = await library.rows(from, question.to, this.ascending)
        if (!this.stands()) return false
        const { count } = library
        this.post({ type: 'answer', ask, version, count, total: count, from, rows, kept: true })
        return true
      }
      case 'rows': {
        const from = Math.max(0, question.from)
        const rows = await library.rows(from, question.to, this.ascending)
        if (!this.stands()) return false
        this.post({ type: 'rows', ask, version, from, rows })
        return true
      }
      case 'ids': {
        const ids = await library.idsIn(question.from, question.to, this.ascending)
        if (!this.stands()) return false
        this.post({ type: 'ids', ask, version, ids })
        return true
      }
      case 'place': {
        const place = await library.placeOf(question.id, this.ascending)
        if (!this.stands()) return false
        this.post({ type: 'place', ask, version, place })
        return true
      }
      default:
        // Files by id or fingerprint, and the controls' facts: the engine's, over what it holds so far.
        return false
    }
  }

  /** Whether the kept answer still stands (read again after each read from disk). */
  private stands(): boolean {
    return !this.retired
  }

  /** An answer of the engine on its way to the page: while the kept answer stands, its version. */
  relay(reply: EngineReply): EngineReply {
    if (reply.type !== 'changed') return reply
    this.lastChanged = reply
    return this.retired ? reply : { ...reply, version: KEPT_VERSION }
  }

  /**
   * The engine answers from now on. `repost`: tell the page the library's version again, so it asks its
   * query of the engine (not needed when the engine is about to say it changed).
   */
  retire(repost = true): void {
    if (this.retired) return
    this.retired = true
    this.library?.close()
    this.library = null
    if (repost && this.lastChanged !== null) this.post(this.lastChanged)
  }

  /** Records arrived that were not read from the kept pages: the library may differ from the kept one. */
  changed(): void {
    this.dirty = true
  }

  /**
   * The listing settled. The kept answer stands no longer (the engine has what there is); when the
   * listing is whole and as the server has it, the library is written if it may differ from the kept one.
   */
  async settled(ok: boolean, whole: readonly MediaRecord[] | null): Promise<void> {
    await this.opening
    this.retire()
    if (!ok || whole === null || this.writing) return
    if (!this.dirty && whole.length === this.keptCount) return
    await this.write(whole)
  }

  private async write(records: readonly MediaRecord[]): Promise<void> {
    this.writing = true
    this.dirty = false
    const started = performance.now()
    try {
      const wrote = await this.options.whileWriter(async () => {
        await writeKeptLibrary(this.options.files, records)
      })
      if (wrote) {
        this.keptCount = records.length
        performance.measure('library:kept-write', { start: started, detail: records.length })
      } else this.dirty = true
    } catch {
      this.dirty = true
    } finally {
      this.writing = false
    }
  }

  /** Drops the kept library (refused, signed out, or unreadable): this tab reads it no more. */
  async drop(): Promise<void> {
    this.retire()
    this.dirty = true
    this.keptCount = -1
    const { files } = this.options
    for (const name of await files.list().catch(() => [])) await files.remove(name).catch(() => undefined)
  }

  /** Settles once every question asked so far is answered (for the tests). */
  async idle(): Promise<void> {
    await this.opening
    while (this.queued > 0) await this.queue
  }
}
