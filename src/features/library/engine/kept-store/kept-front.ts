import type { MediaRecord } from '../../../../contract/record'
import type { KeptPages } from '../../listing/listing-protocol'
import type { EngineQuestion, EngineReply } from '../library-protocol'
import type { KeptFiles } from './kept-files'
import { keptAnswers, openKeptLibrary, writeKeptLibrary, type KeptLibrary } from './kept-library'

export interface KeptStoreOptions {
  files: KeptFiles
  /**
   * Runs `write` only while this tab holds the store's writer lock (the Web Lock KEPT_WRITER_LOCK,
   * src/lib/storage-names.ts, taken if free); false, without running it, when another tab holds it.
   */
  whileWriter: (write: () => Promise<void>) => Promise<boolean>
}

/**
 * The version the kept library's answers carry: no version of the engine's (which count up from 0), so
 * the engine's first answer over the whole library always replaces them.
 */
export const KEPT_VERSION = -2

/** Questions about the whole library: while the kept library stands they wait for the engine to hold it. */
type WholeQuestion = Extract<EngineQuestion, { type: 'records' | 'by-fingerprint' | 'facts' }>

const isWholeQuestion = (question: EngineQuestion): question is WholeQuestion =>
  question.type === 'records' || question.type === 'by-fingerprint' || question.type === 'facts'

/**
 * The kept library in front of the engine (decision 0052). Once opened it tells the page the library is
 * whole as kept (`changed` with its count, `kept`), so the count line shows every file and every row
 * can be scrolled to, read from disk: the page's query in the title order with no filter is answered
 * from it (its count, its rows, its ids and places). Meanwhile the engine's own word that the library
 * changed is not passed on (the page would draw again for each page decoded), and the questions about
 * the whole library (files by id or fingerprint, the controls' facts, a select-all resolved) wait for
 * the engine to hold it. Any other query, a change in flight, the listing settled or the library whole
 * in the worker retires it: the page is told the engine's status, the waiting questions are answered,
 * and the engine answers everything, as without a kept library. It also gives the listing's loader the
 * whole library as pages with their ETags (`pages`), which the engine starts from and the loader
 * revalidates (decision 0077). Once the listing is whole and as the server has it, the library is
 * written again, with the pages' ETags, when either differs.
 */
export class KeptFront {
  private library: KeptLibrary | null = null
  /**
   * The library as opened, still read whole by `pages` once the kept answers retire; let go once read,
   * so its row starts and ids (16 bytes a file) go with the kept answers.
   */
  private opened: KeptLibrary | null = null
  private readonly opening: Promise<void>
  private retired = false
  private queue: Promise<void> = Promise.resolve()
  private queued = 0
  /** Questions about the whole library, answered by the engine once the kept library retires. */
  private waiting: (() => void)[] = []
  private ascending = true
  /** Whether the page was told the kept library's status (or not told the engine's): retiring tells it. */
  private told = false
  /** Whether the library in hand may differ from the one kept. */
  private dirty = true
  private keptCount = -1
  /** The pages' ETags as kept, joined: a library written again under other ETags is written anew. */
  private keptEtags = ''
  private writing = false

  constructor(
    private readonly options: KeptStoreOptions,
    private readonly post: (reply: EngineReply) => void,
    private readonly engine: (question: EngineQuestion) => EngineReply,
    /** The engine's status as a `changed` reply: how many files it holds, whether all pages are in. */
    private readonly status: () => EngineReply,
  ) {
    this.opening = openKeptLibrary(options.files).then(
      async (opened) => {
        if (opened.kind === 'open') {
          this.opened = opened.library
          this.keptCount = opened.library.count
          this.keptEtags = opened.library.etags.join('\n')
          this.dirty = false
          // The library may be whole already (a small one): then only what was kept is known.
          if (this.retired) {
            opened.library.close()
            return
          }
          this.library = opened.library
          performance.mark('library:kept-open', { detail: opened.library.count })
          // The library as last seen is whole: the page shows its count and asks its query of it.
          const { count } = opened.library
          this.told = true
          post({ type: 'changed', version: KEPT_VERSION, held: count, complete: true, kept: true })
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

  /**
   * The kept library as the listing's pages (null: none kept); one that does not read is dropped, and
   * the listing loads as on a first visit.
   */
  async pages(): Promise<KeptPages | null> {
    await this.opening
    const opened = this.opened
    if (opened === null) return null
    this.opened = null
    const started = performance.now()
    try {
      const pages = await opened.pages()
      performance.measure('library:kept-pages', { start: started, detail: opened.count })
      return pages
    } catch {
      await this.drop()
      return null
    }
  }

  /** A question of the page: answered from disk while the kept library stands, else by the engine. */
  ask(question: EngineQuestion): void {
    if (this.retired && this.queued === 0) {
      this.post(this.engine(question))
      return
    }
    if (isWholeQuestion(question)) {
      this.whenRetired(() => {
        this.post(this.engine(question))
      })
      return
    }
    this.queued++
    this.queue = this.queue
      .then(async () => {
        await this.opening
        const wasRetired = this.retired
        const answered = await this.answer(question).catch(() => {
          this.retire()
          return false
        })
        if (answered) return
        this.post(this.engine(question))
        // A query the kept library does not answer retired it: the engine's answer is shown, then its status.
        if (!wasRetired && this.retired && question.type === 'query') this.post(this.status())
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

  /**
   * An answer of the engine on its way to the page: null for its word that the library changed while the
   * kept library stands (or is still opening), which the page hears once it retires.
   */
  relay(reply: EngineReply): EngineReply | null {
    if (reply.type !== 'changed' || this.retired) return reply
    this.told = true
    return null
  }

  /** Runs `then` once the kept library retires (at once when it has). */
  whenRetired(then: () => void): void {
    if (this.retired) then()
    else this.waiting.push(then)
  }

  /**
   * The engine answers from now on. `tell`: tell the page the engine's status, so it asks its query of
   * the engine (false when the caller posts it after the engine's answer); then the questions that waited.
   */
  retire(tell = true): void {
    if (this.retired) return
    this.retired = true
    this.library?.close()
    this.library = null
    if (tell && this.told) this.post(this.status())
    for (const then of this.waiting.splice(0)) then()
  }

  /** Records arrived that were not read from the kept library: the library may differ from the kept one. */
  changed(): void {
    this.dirty = true
  }

  /**
   * The listing settled. The kept answer stands no longer (the engine has what there is); when the
   * listing is whole and as the server has it (its pages under `etags`), the library is written if it
   * may differ from the kept one.
   */
  async settled(
    ok: boolean,
    whole: readonly MediaRecord[] | null,
    etags: readonly string[] = [],
  ): Promise<void> {
    await this.opening
    this.retire()
    if (!ok || whole === null || this.writing) return
    if (!this.dirty && whole.length === this.keptCount && etags.join('\n') === this.keptEtags) return
    await this.write(whole, etags)
  }

  private async write(records: readonly MediaRecord[], etags: readonly string[]): Promise<void> {
    this.writing = true
    this.dirty = false
    const started = performance.now()
    performance.mark('library:kept-write-start', { detail: records.length })
    try {
      const wrote = await this.options.whileWriter(async () => {
        await writeKeptLibrary(this.options.files, records, etags)
      })
      if (wrote) {
        this.keptCount = records.length
        this.keptEtags = etags.join('\n')
        performance.measure('library:kept-write', { start: started, detail: records.length })
      } else this.dirty = true
    } catch {
      this.dirty = true
    } finally {
      this.writing = false
      performance.mark('library:kept-write-done')
    }
  }

  /** Drops the kept library (refused, signed out, or unreadable): this tab reads it no more. */
  async drop(): Promise<void> {
    this.retire()
    this.opened = null
    this.dirty = true
    this.keptCount = -1
    this.keptEtags = ''
    const { files } = this.options
    for (const name of await files.list().catch(() => [])) await files.remove(name).catch(() => undefined)
  }

  /** Settles once every question asked so far is answered (for the tests). */
  async idle(): Promise<void> {
    await this.opening
    while (this.queued > 0) await this.queue
  }
}
