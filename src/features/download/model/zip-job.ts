import type { ZipProgress } from './build-zip'

/** Redraws at most this often while bytes stream in; a file finishing shows at once. */
const REDRAW_MS = 100

/**
 * One archive being made: its progress for the screen to subscribe to, and the controller that
 * cancels it. Progress arrives per chunk; listeners hear of it at most every 100 ms.
 */
export class ZipJob {
  readonly controller = new AbortController()
  private progress: ZipProgress
  private readonly listeners = new Set<() => void>()
  private told = 0
  private pending: ReturnType<typeof setTimeout> | undefined

  constructor(filesTotal: number, bytesTotal: number) {
    this.progress = { bytesDone: 0, bytesTotal, filesDone: 0, filesTotal }
  }

  readonly current = (): ZipProgress => this.progress

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly cancel = (): void => {
    this.controller.abort()
  }

  readonly update = (progress: ZipProgress): void => {
    const fileDone = progress.filesDone !== this.progress.filesDone
    this.progress = progress
    const wait = this.told + REDRAW_MS - Date.now()
    if (fileDone || wait <= 0) this.notify()
    else
      this.pending ??= setTimeout(() => {
        this.notify()
      }, wait)
  }

  private notify(): void {
    clearTimeout(this.pending)
    this.pending = undefined
    this.told = Date.now()
    for (const listener of this.listeners) listener()
  }
}
