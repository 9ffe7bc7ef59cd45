import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { StorageContentionError } from './document-store'

/** A lock older than this belongs to a process that died: longer than any function may run. */
const STALE_AFTER_MS = 60_000
const GIVE_UP_AFTER_MS = 25_000

/**
 * A per-key mutex between processes and worker threads on one machine, made of `mkdir`, which is
 * atomic. `netlify dev` runs every function call in a fresh worker thread and its Blobs server checks
 * `If-Match` and writes in separate steps, so without this two writers can both win one etag.
 */
export class FileKeyLock {
  constructor(private readonly directory: string) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const path = join(this.directory, `${encodeURIComponent(key)}.lock`)
    await this.acquire(path)
    try {
      return await task()
    } finally {
      await rm(path, { recursive: true, force: true })
    }
  }

  private async acquire(path: string): Promise<void> {
    await mkdir(this.directory, { recursive: true })
    const deadline = Date.now() + GIVE_UP_AFTER_MS
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(path)
        return
      } catch (error) {
        if (!isAlreadyExists(error)) throw error
      }
      if (await isStale(path)) {
        await rm(path, { recursive: true, force: true })
        continue
      }
      if (Date.now() > deadline) throw new StorageContentionError(`Timed out waiting for the lock ${path}`)
      await sleep(Math.min(2 ** attempt, 50) * (0.5 + Math.random()))
    }
  }
}

async function isStale(path: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > STALE_AFTER_MS
  } catch {
    return false
  }
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST'
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
