/**
 * Hash: the fingerprint (`src/contract/fingerprint.ts`: SHA-256 over the SHA-256 of each 4 MiB block) of
 * ten seeded 25 MB files by the app's own worker (the built `sha256.worker` asset, one worker per file,
 * one file after another, as the Upload dialog's hash queue runs it), against the same fingerprint by
 * `crypto.subtle.digest` of the same bytes already in memory, both on the built app's page. Long tasks
 * on the main thread are counted while each side runs.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

import type { Browser, Page } from 'playwright-core'

import { FINGERPRINT_BLOCK_BYTES } from '../../../src/contract/fingerprint.ts'
import { BENCH_RUNS, figure, interleave, median, round, type Figure } from '../lib/figures.ts'
import { openScreen } from './page.ts'
import { recorder } from './recorder.ts'

export const HASH_FILES = 10
export const HASH_FILE_BYTES = 25_000_000

export interface HashRun {
  ms: number
  digests: string[]
  /** Durations of the main thread's long tasks (over 50 ms) while hashing. */
  longTasks: number[]
}

/** The worker's URL path in a build: `/assets/sha256.worker-<hash>.js`. */
export async function workerPath(distDir: string): Promise<string> {
  const name = (await readdir(join(distDir, 'assets'))).find((file) => /^sha256\.worker-.*\.js$/.test(file))
  if (name === undefined) throw new Error(`No sha256 worker in ${distDir}/assets`)
  return `/assets/${name}`
}

/** Runs in the page: the files as the dialog would receive them, and the same bytes as buffers. */
function makeFiles({ count, bytes }: { count: number; bytes: number }) {
  const files: File[] = []
  const buffers: ArrayBuffer[] = []
  let seed = 0x9e3779b9
  for (let f = 0; f < count; f++) {
    const words = new Uint32Array(bytes / 4)
    for (let i = 0; i < words.length; i++) {
      seed ^= seed << 13
      seed ^= seed >>> 17
      seed ^= seed << 5
      words[i] = seed
    }
    buffers.push(words.buffer)
    files.push(new File([words], `file-${String(f)}.bin`, { type: 'application/octet-stream' }))
  }
  Object.assign(window, { __hash: { files, buffers } })
}

/** Runs in the page: one side of the comparison, timed, with the long tasks seen meanwhile. */
function hashAll({
  side,
  workerUrl,
  blockBytes,
}: {
  side: 'worker' | 'memory'
  workerUrl: string
  blockBytes: number
}): Promise<HashRun> {
  const { files, buffers } = (window as unknown as { __hash: { files: File[]; buffers: ArrayBuffer[] } })
    .__hash
  const hex = (digest: ArrayBuffer) =>
    Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
  // The fingerprint of bytes in memory: each block's digest, then the digest of those digests.
  const inMemory = async (buffer: ArrayBuffer) => {
    const bytes = new Uint8Array(buffer)
    const count = Math.ceil(bytes.length / blockBytes)
    const digests = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        crypto.subtle.digest('SHA-256', bytes.subarray(index * blockBytes, (index + 1) * blockBytes)),
      ),
    )
    const joined = new Uint8Array(count * 32)
    digests.forEach((digest, index) => {
      joined.set(new Uint8Array(digest), index * 32)
    })
    return hex(await crypto.subtle.digest('SHA-256', joined))
  }
  const inWorker = (file: File) =>
    new Promise<string>((resolve, reject) => {
      const worker = new Worker(workerUrl, { type: 'module', name: 'sha256' })
      worker.onmessage = (event: MessageEvent<{ type: string; sha256?: string; message?: string }>) => {
        if (event.data.type === 'progress') return
        worker.terminate()
        if (event.data.type === 'done') resolve(event.data.sha256 ?? '')
        else reject(new Error(event.data.message))
      }
      worker.onerror = (event) => {
        worker.terminate()
        reject(new Error(event.message))
      }
      worker.postMessage({ file })
    })
  const longTasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  return (async () => {
    const digests: string[] = []
    const started = performance.now()
    if (side === 'worker') for (const file of files) digests.push(await inWorker(file))
    else for (const buffer of buffers) digests.push(await inMemory(buffer))
    const ms = performance.now() - started
    // A long task is reported after it ends: let the last one arrive.
    await new Promise((done) => setTimeout(done, 50))
    for (const entry of observer.takeRecords()) longTasks.push(entry.duration)
    observer.disconnect()
    return { ms, digests, longTasks }
  })()
}

export async function prepareHashFiles(page: Page): Promise<void> {
  await page.evaluate(makeFiles, { count: HASH_FILES, bytes: HASH_FILE_BYTES })
}

export function hashRun(page: Page, side: 'worker' | 'memory', workerUrl: string): Promise<HashRun> {
  return page.evaluate(hashAll, { side, workerUrl, blockBytes: FINGERPRINT_BLOCK_BYTES })
}

export async function hashFigure(browser: Browser, origin: string, workerUrl: string): Promise<Figure> {
  console.log('hash: 10 x 25 MB, worker vs in-memory digest...')
  const page = await openScreen(browser, origin)
  await prepareHashFiles(page)
  const worker = recorder(
    () => hashRun(page, 'worker', workerUrl),
    (run) => run.ms,
  )
  const memory = recorder(
    () => hashRun(page, 'memory', workerUrl),
    (run) => run.ms,
  )
  const timing = await interleave(BENCH_RUNS, worker.next, memory.next)
  await page.context().close()
  const megabytes = (HASH_FILES * HASH_FILE_BYTES) / 1e6
  const longTasks = worker.timed().flatMap((run) => run.longTasks)
  const inMemory = memory.timed()
  const digestsMatch = worker.timed().every((run, i) => run.digests.join() === inMemory[i]?.digests.join())
  return figure({
    id: 'hash',
    metric: `Fingerprint (SHA-256 of 4 MiB block digests) of ${String(HASH_FILES)} x 25 MB in the app's worker, one file at a time`,
    n: HASH_FILES,
    unit: 'ms',
    ...timing,
    baseline: 'the same fingerprint by crypto.subtle.digest of the same bytes in memory, same page',
    ratio_means: 'baseline time / worker time: the share of the in-memory speed the worker reaches',
    target: '>= 0.6x; no main-thread task over 50 ms',
    meets: (done) => done.ratio >= 0.6 && longTasks.length === 0,
    met: null,
    notes: {
      'worker MB/s': round(megabytes / (median(timing.runs) / 1000)),
      'in-memory MB/s': round(megabytes / (median(timing.baseline_runs) / 1000)),
      'long tasks while the worker hashed (all runs)': longTasks.length,
      'longest of them (ms)': round(Math.max(0, ...longTasks)),
      'long tasks during the in-memory digest (all runs)': inMemory.flatMap((run) => run.longTasks).length,
      'digests match': digestsMatch,
      files: 'in-memory File objects (no disk read), 25,000,000 bytes each',
    },
  })
}
