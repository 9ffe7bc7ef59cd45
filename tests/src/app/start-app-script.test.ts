import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'

import { describe, expect, it } from 'vitest'

import { APP_SCRIPT_ATTRIBUTE } from '../../../scripts/start-after-paint'
import {
  memoryFiles,
  startedFiles,
  type StartedRows,
} from '../../../src/features/library/engine/kept-store/kept-files'
import { readKeptFirstRows } from '../../../src/features/library/engine/kept-store/kept-layout'
import { writeKeptLibrary } from '../../../src/features/library/engine/kept-store/kept-library'
import { changesRequest, pageRequest } from '../../../src/features/library/listing/page-request'
import { listedRecord } from '../../support/listed-record'
import {
  KEPT_DIRECTORY,
  KEPT_LOOKUP_GLOBAL,
  KEPT_FIRST_ROWS,
  KEPT_FIRST_ROWS_GLOBAL,
  KEPT_MANIFEST,
  STARTED_REQUEST_GLOBAL,
} from '../../../src/lib/storage-names'

/** A kept library's manifest: pages 0 and 2 held under the server's ETags, page 1 under none. */
const KEPT_ETAGS = ['"kVfK1r0uJ7kB2xQ3n9mX4pA6sLe"', '', '"Qm3c8ZrT0yWv5bN1aHd7eKx2uPo"']
const KEPT_MANIFEST_TEXT = JSON.stringify({ layout: '2-x', generation: 'g1', count: 3, etags: KEPT_ETAGS })

const encode = (text: string) => new TextEncoder().encode(text)

/** A file of the private file system over `bytes`, as far as the script uses one. */
function fileOf(bytes: Uint8Array): unknown {
  return {
    size: bytes.length,
    arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
    slice: (from: number, to: number) => fileOf(bytes.slice(from, to)),
  }
}

/** A directory of the private file system holding `files` (by path under it). */
function directoryOf(files: ReadonlyMap<string, Uint8Array>, prefix = ''): unknown {
  const missing = () => Promise.reject(new Error('NotFoundError'))
  return {
    getDirectoryHandle: (name: string) =>
      [...files.keys()].some((path) => path.startsWith(`${prefix}${name}/`))
        ? Promise.resolve(directoryOf(files, `${prefix}${name}/`))
        : missing(),
    getFileHandle: (name: string) => {
      const bytes = files.get(`${prefix}${name}`)
      return bytes === undefined
        ? missing()
        : Promise.resolve({ getFile: () => Promise.resolve(fileOf(bytes)) })
    },
  }
}

const SCRIPT = join(import.meta.dirname, '..', '..', '..', 'public', 'startup', 'start-app.js')

interface Setting {
  /** The private file system: holding a kept library, holding none, or not there (nor Web Locks). */
  privateFiles?: 'kept' | 'empty' | 'none'
  /** The kept library's manifest, as its file holds it. */
  manifestText?: string
  /** The kept library's files by path (a manifest alone of `manifestText` unless given). */
  keptFiles?: ReadonlyMap<string, Uint8Array>
  workers?: boolean
  /** The app ran first and took the request over (or asked itself). */
  appFirst?: boolean
  /** The build marked the app's script (not so in development). */
  marked?: boolean
  hidden?: boolean
  /** The browser reports paints (PerformanceObserver 'paint'). */
  paintTiming?: boolean
}

/** Runs start-app.js on a page: what it asked for, the scripts it added, and what it waits on. */
async function load(setting: Setting = {}) {
  const {
    workers = true,
    appFirst = false,
    privateFiles = 'none',
    manifestText = KEPT_MANIFEST_TEXT,
  } = setting
  const { marked = true, hidden = false, paintTiming = true, keptFiles } = setting
  const asked: [string, RequestInit][] = []
  const added: { type: string; src: string; crossOrigin: string }[] = []
  const frames: (() => void)[] = []
  const timers: { run: () => void; ms: number }[] = []
  const observers: { notify: (names: string[]) => void; disconnected: boolean }[] = []
  // Storage that refuses every read: the script reads none, on any visit (decision 0077).
  const refused = () => {
    throw new Error('The start-app script read storage')
  }
  const window: Record<string, unknown> = { localStorage: { getItem: refused, setItem: refused } }
  if (appFirst) window[STARTED_REQUEST_GLOBAL] = null
  function PerformanceObserver(callback: (list: unknown, observer: unknown) => void) {
    const observer = {
      disconnected: false,
      notify: (names: string[]) => {
        const list = { getEntriesByName: (name: string) => names.filter((each) => each === name) }
        callback(list, { disconnect: () => (observer.disconnected = true) })
      },
    }
    observers.push(observer)
    return { observe: () => undefined }
  }
  PerformanceObserver.supportedEntryTypes = paintTiming ? ['paint', 'longtask'] : ['longtask']
  const context: Record<string, unknown> = {
    window,
    document: {
      visibilityState: hidden ? 'hidden' : 'visible',
      querySelector: (selector: string) =>
        marked && selector === `link[${APP_SCRIPT_ATTRIBUTE}]`
          ? { href: 'http://x/assets/index-a.js' }
          : null,
      createElement: () => ({ type: '', src: '', crossOrigin: '' }),
      head: { appendChild: (script: (typeof added)[number]) => added.push(script) },
    },
    fetch: (url: string, init: RequestInit) => {
      asked.push([url, init])
      return Promise.reject(new TypeError('Failed to fetch'))
    },
    Promise,
    TextDecoder,
    PerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  }
  if (workers) context.Worker = function Worker() {}
  if (privateFiles !== 'none') {
    const kept =
      privateFiles === 'kept' ? (keptFiles ?? new Map([[KEPT_MANIFEST, encode(manifestText)]])) : new Map()
    context.navigator = {
      storage: {
        getDirectory: () =>
          Promise.resolve(
            directoryOf(new Map([...kept].map(([path, bytes]) => [`${KEPT_DIRECTORY}/${path}`, bytes]))),
          ),
      },
      locks: {},
    }
  }
  runInNewContext(await readFile(SCRIPT, 'utf8'), context)
  return {
    asked,
    added,
    frames,
    timers,
    observers,
    left: () => window[STARTED_REQUEST_GLOBAL],
    lookedFor: () => window[KEPT_LOOKUP_GLOBAL],
    firstRows: () => window[KEPT_FIRST_ROWS_GLOBAL] as Promise<StartedRows | null> | undefined,
  }
}

const APP_SCRIPT = { type: 'module', src: 'http://x/assets/index-a.js', crossOrigin: 'anonymous' }

describe("the page's start-app script", () => {
  it('waits for the first contentful paint, then asks for the first page as the app would and runs the app', async () => {
    const page = await load()
    expect([page.asked, page.added]).toEqual([[], []])
    const [observer] = page.observers
    observer?.notify(['first-paint'])
    expect(page.added).toEqual([])
    observer?.notify(['first-contentful-paint'])
    expect(observer?.disconnected).toBe(true)
    expect(page.asked).toEqual([pageRequest(0)])
    expect(page.added).toEqual([APP_SCRIPT])
    // Under the name the app takes it from; a request that got no answer is the app's to report.
    await expect(page.left()).rejects.toThrow('Failed to fetch')
    // The fallback timer later starts nothing a second time.
    for (const { run } of page.timers) run()
    expect([page.asked.length, page.added.length]).toEqual([1, 1])
  })

  it('waits for the next frame without paint timing, and for at most a second in any case', async () => {
    const page = await load({ paintTiming: false })
    expect(page.timers.map(({ ms }) => ms)).toEqual([1000])
    page.frames.shift()?.()
    expect(page.timers.map(({ ms }) => ms)).toEqual([1000, 0])
    page.timers[1]?.run()
    expect(page.added).toEqual([APP_SCRIPT])
    const held = await load()
    held.timers[0]?.run()
    expect(held.added).toEqual([APP_SCRIPT])
  })

  it('starts at once on a page out of sight, which paints nothing', async () => {
    const page = await load({ hidden: true })
    expect([page.asked.length, page.added.length]).toEqual([1, 1])
  })

  it('asks nothing without workers, or after the app has run', async () => {
    for (const setting of [{ workers: false }, { appFirst: true }]) {
      const page = await load({ ...setting, hidden: true })
      expect(page.asked).toEqual([])
      expect(page.left() ?? null).toBeNull()
      expect(page.added).toEqual([APP_SCRIPT])
    }
  })

  it('asks what changed since a kept library instead of the first page, as the app would', async () => {
    const kept = await load({ privateFiles: 'kept', hidden: true })
    expect(await kept.lookedFor()).toBe(true)
    await expect(kept.left()).rejects.toThrow('Failed to fetch')
    expect(kept.asked).toEqual([changesRequest(KEPT_ETAGS)])
    const empty = await load({ privateFiles: 'empty', hidden: true })
    expect(await empty.lookedFor()).toBe(false)
    await expect(empty.left()).rejects.toThrow('Failed to fetch')
    expect(empty.asked).toEqual([pageRequest(0)])
    // A manifest that does not read says nothing of what changed: the first page is asked for.
    for (const manifestText of ['{', '{"etags":3}', 'null']) {
      const unread = await load({ privateFiles: 'kept', hidden: true, manifestText })
      expect(await unread.lookedFor()).toBe(true)
      await expect(unread.left()).rejects.toThrow('Failed to fetch')
      expect(unread.asked).toEqual([pageRequest(0)])
    }
  })

  it('looks for a kept library as it runs, before the paint, and asks the server only once painted', async () => {
    const page = await load({ privateFiles: 'kept' })
    expect(await page.lookedFor()).toBe(true)
    expect([page.asked, page.added, page.left()]).toEqual([[], [], undefined])
    page.observers[0]?.notify(['first-contentful-paint'])
    await expect(page.left()).rejects.toThrow('Failed to fetch')
    expect(page.asked).toEqual([changesRequest(KEPT_ETAGS)])
    expect(page.added).toEqual([APP_SCRIPT])
  })

  it('reads the kept library’s first rows as it runs, which the page decodes as it would the files', async () => {
    for (const count of [0, 12, 1_200]) {
      const memory = memoryFiles()
      const records = Array.from({ length: count }, (_, at) =>
        listedRecord(at + 1, { title: `File ${String((at * 7919) % 1_000)}` }),
      )
      await writeKeptLibrary(memory, records, [
        '"kVfK1r0uJ7kB2xQ3n9mX4pA6sLe"',
        '"Qm3c8ZrT0yWv5bN1aHd7eKx2uPo"',
      ])
      const page = await load({ privateFiles: 'kept', keptFiles: memory.files })
      const bytes = await page.firstRows()
      if (bytes === null || bytes === undefined) throw new Error('no first rows were read')
      const fromFiles = await readKeptFirstRows(memory, KEPT_FIRST_ROWS)
      expect(fromFiles?.records).toHaveLength(Math.min(count, KEPT_FIRST_ROWS))
      expect(await readKeptFirstRows(startedFiles(bytes), KEPT_FIRST_ROWS)).toEqual(fromFiles)
      // Before the paint: nothing asked yet.
      expect(page.asked).toEqual([])
    }
    // A manifest alone (no generation files) reads no rows; neither does an empty private file system.
    expect(await (await load({ privateFiles: 'kept' })).firstRows()).toBeNull()
    expect(await (await load({ privateFiles: 'empty' })).firstRows()).toBeNull()
    expect((await load()).firstRows()).toBeUndefined()
  })

  it('looks for a kept library only where the worker would keep one', async () => {
    // No private file system or no Web Locks (nothing is kept there), or no workers: nothing to look for.
    expect((await load({ hidden: true })).lookedFor()).toBeUndefined()
    expect((await load({ privateFiles: 'kept', workers: false, hidden: true })).lookedFor()).toBeUndefined()
  })

  it('runs no script in development, where the page has no marked one', async () => {
    expect((await load({ marked: false, hidden: true })).added).toEqual([])
  })
})
