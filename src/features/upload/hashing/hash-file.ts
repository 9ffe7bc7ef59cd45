import { fingerprintBlob } from '../../../workers/hash-blob'
import type { HashReply, HashRequest } from '../../../workers/hash-protocol'
import { abortError } from '../messages'

export interface HashOptions {
  /** The fraction hashed so far, 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/**
 * Computes a file's fingerprint as hex (`src/contract/fingerprint.ts`: SHA-256 over its 4 MiB blocks'
 * SHA-256 digests, not the plain SHA-256 of the file), the value duplicate detection matches on. The
 * dialog receives one; tests give it one that needs no Worker.
 */
export type HashFile = (file: Blob, options?: HashOptions) => Promise<string>

/**
 * On the page itself, where the browser has no Web Workers, by the code the worker runs
 * (`fingerprintBlob`), so the duplicate check still runs. Its digests are awaited, so the screen keeps
 * answering; an abort is seen before and after, not midway.
 */
const hashFileOnPage: HashFile = async (file, { onProgress, signal } = {}) => {
  if (signal?.aborted) throw abortError()
  const sha256 = await fingerprintBlob(file, (bytes) => onProgress?.(file.size === 0 ? 1 : bytes / file.size))
  if (signal?.aborted) throw abortError()
  return sha256
}

/**
 * Hashes in a Web Worker, so a large file never blocks the screen; one worker per file, ended after.
 * Without Web Workers, on the page.
 */
export const hashFileInBrowser: HashFile = (file, options = {}) =>
  typeof Worker === 'undefined' ? hashFileOnPage(file, options) : hashInWorker(file, options)

const hashInWorker: HashFile = (file, { onProgress, signal } = {}) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const worker = new Worker(new URL('../../../workers/sha256.worker.ts', import.meta.url), {
      type: 'module',
      name: 'sha256',
    })
    const finish = () => {
      worker.terminate()
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      finish()
      reject(abortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      const reply = event.data
      if (reply.type === 'progress') {
        onProgress?.(file.size === 0 ? 1 : reply.bytes / file.size)
        return
      }
      finish()
      if (reply.type === 'done') resolve(reply.sha256)
      else reject(new Error(reply.message))
    }
    worker.onerror = (event) => {
      finish()
      reject(new Error(event.message || 'The hash worker failed'))
    }
    const request: HashRequest = { file }
    worker.postMessage(request)
  })
