import {
  KEPT_DIRECTORY,
  KEPT_MANIFEST,
  KEPT_ROW_STARTS,
  KEPT_ROWS,
  KEPT_WRITER_LOCK,
} from '../../../../lib/storage-names'

/**
 * Where the kept library's files live (decisions 0052, 0077): a flat name space of a manifest and generation
 * directories (`g…/rows`). In the browser it is OPFS (`opfsFiles`); the unit tests use `memoryFiles`.
 */
export interface KeptFiles {
  /** A whole file's bytes; null when it is not there. */
  read(path: string): Promise<Uint8Array | null>
  /** A file read by ranges (the rows); null when it is not there. */
  reader(path: string): Promise<KeptReader | null>
  /**
   * Writes a file whole from its parts, making its directory if need be. The parts may be made as they
   * are written (an async iterable), so that a large file is never in memory whole.
   */
  write(path: string, parts: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<void>
  /** The names at the top of the store (the manifest, the generations). */
  list(): Promise<string[]>
  /** Removes a top-level entry with whatever it holds; fails while another tab reads it. */
  remove(name: string): Promise<void>
}

export interface KeptReader {
  readonly size: number
  read(at: number, length: number): Promise<Uint8Array>
  close(): void
}

/** What this file uses of a sync access handle (the project compiles with the DOM library, not the worker's). */
interface SyncReadHandle {
  read(buffer: Uint8Array, options: { at: number }): number
  getSize(): number
  close(): void
}
type SyncHandleMaker = FileSystemFileHandle & {
  createSyncAccessHandle?: (options: { mode: 'read-only' }) => Promise<SyncReadHandle>
}

function splitPath(path: string): { folder: string | null; name: string } {
  const slash = path.indexOf('/')
  return slash === -1
    ? { folder: null, name: path }
    : { folder: path.slice(0, slash), name: path.slice(slash + 1) }
}

/**
 * The store in the origin's private file system. Rows are read through a read-only sync access handle,
 * which any number of tabs may hold at once (decision 0039); where there is none (older browsers, the
 * page itself), through `File` slices.
 */
export function opfsFiles(storage: StorageManager): KeptFiles {
  const root = async (create: boolean) =>
    (await storage.getDirectory()).getDirectoryHandle(KEPT_DIRECTORY, { create })
  const file = async (path: string, create: boolean): Promise<FileSystemFileHandle> => {
    const { folder, name } = splitPath(path)
    let dir = await root(create)
    if (folder !== null) dir = await dir.getDirectoryHandle(folder, { create })
    return dir.getFileHandle(name, { create })
  }
  const absent = (error: unknown) => error instanceof DOMException && error.name === 'NotFoundError'
  return {
    async read(path) {
      try {
        return new Uint8Array(await (await (await file(path, false)).getFile()).arrayBuffer())
      } catch (error) {
        if (absent(error)) return null
        throw error
      }
    },
    async reader(path) {
      let handle: SyncHandleMaker
      try {
        handle = await file(path, false)
      } catch (error) {
        if (absent(error)) return null
        throw error
      }
      const sync = await handle.createSyncAccessHandle?.({ mode: 'read-only' }).catch(() => null)
      if (sync) {
        return {
          size: sync.getSize(),
          read: (at, length) => {
            const bytes = new Uint8Array(length)
            const read = sync.read(bytes, { at })
            return Promise.resolve(read === length ? bytes : bytes.subarray(0, read))
          },
          close: () => {
            sync.close()
          },
        }
      }
      const whole = await handle.getFile()
      return {
        size: whole.size,
        read: async (at, length) => new Uint8Array(await whole.slice(at, at + length).arrayBuffer()),
        close: () => undefined,
      }
    },
    async write(path, parts) {
      const writable = await (await file(path, true)).createWritable()
      try {
        for await (const part of parts) await writable.write(part as Uint8Array<ArrayBuffer>)
        await writable.close()
      } catch (error) {
        await writable.abort().catch(() => undefined)
        throw error
      }
    },
    async list() {
      let dir: FileSystemDirectoryHandle
      try {
        dir = await root(false)
      } catch (error) {
        if (absent(error)) return []
        throw error
      }
      const names: string[] = []
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name)
      return names
    },
    async remove(name) {
      const dir = await root(false).catch(() => null)
      await dir?.removeEntry(name, { recursive: true })
    },
  }
}

/**
 * Drops everything the library keeps between visits, the kept library in the origin's private file
 * system, from the page (signing out, whether or not the browser honours `Clear-Site-Data`). A file
 * another tab's worker still reads stays until that worker lets it go: the refused listing makes it
 * drop the library.
 */
export async function dropKeptListing(
  storage: StorageManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<void> {
  if (storage?.getDirectory === undefined) return
  try {
    await (await storage.getDirectory()).removeEntry(KEPT_DIRECTORY, { recursive: true })
  } catch {
    // Nothing kept, no private file system, or a file still read elsewhere: that worker drops it.
  }
}

/**
 * Whether a kept library is there to open (its directory holds a manifest), asked by the page as it
 * starts: then the worker starts at once, to answer from it, rather than after the first page's answer.
 * False wherever the worker would keep nothing (no private file system, no Web Locks).
 */
export async function keptLibraryFound(
  scope: { storage?: StorageManager; locks?: LockManager } | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator,
): Promise<boolean> {
  if (scope?.storage?.getDirectory === undefined || scope.locks === undefined) return false
  try {
    const directory = await (await scope.storage.getDirectory()).getDirectoryHandle(KEPT_DIRECTORY)
    await directory.getFileHandle(KEPT_MANIFEST)
    return true
  } catch {
    return false
  }
}

/**
 * The first bytes of a kept library as `public/startup/start-app.js` read them before the app's script
 * ran (decision 0083): the manifest, and the starts and rows of the first rows of its generation.
 */
export interface StartedRows {
  manifest: ArrayBuffer
  generation: string
  starts: ArrayBuffer
  rows: ArrayBuffer
  /** The rows file's whole size, which the manifest must name. */
  rowsSize: number
}

/**
 * Those bytes as the files they came from, read-only and only as far as they were read: a read past them
 * comes back short, which the reader takes as nothing readable kept.
 */
export function startedFiles(started: StartedRows): KeptFiles {
  const prefixes = new Map([
    [
      `${started.generation}/${KEPT_ROW_STARTS}`,
      { bytes: new Uint8Array(started.starts), size: started.starts.byteLength },
    ],
    [`${started.generation}/${KEPT_ROWS}`, { bytes: new Uint8Array(started.rows), size: started.rowsSize }],
  ])
  const readOnly = () => Promise.reject(new Error('The started rows are read-only'))
  return {
    read: (path) => Promise.resolve(path === KEPT_MANIFEST ? new Uint8Array(started.manifest) : null),
    reader: (path) => {
      const file = prefixes.get(path)
      if (file === undefined) return Promise.resolve(null)
      return Promise.resolve({
        size: file.size,
        read: (at, length) => Promise.resolve(file.bytes.slice(at, at + length)),
        close: () => undefined,
      })
    },
    write: readOnly,
    list: () => Promise.resolve([]),
    remove: readOnly,
  }
}

/** For the unit tests: the files in a map. `failing(path)` makes a write of that path throw. */
export function memoryFiles(failing: (path: string) => boolean = () => false): KeptFiles & {
  readonly files: Map<string, Uint8Array>
  readonly open: Set<string>
} {
  const files = new Map<string, Uint8Array>()
  const open = new Set<string>()
  const top = (path: string) => splitPath(path).folder ?? path
  return {
    files,
    open,
    read: (path) => Promise.resolve(files.get(path)?.slice() ?? null),
    reader: (path) => {
      const bytes = files.get(path)
      if (bytes === undefined) return Promise.resolve(null)
      open.add(path)
      return Promise.resolve({
        size: bytes.length,
        read: (at, length) => Promise.resolve(bytes.slice(at, at + length)),
        close: () => {
          open.delete(path)
        },
      })
    },
    write: async (path, parts) => {
      if (failing(path)) throw new Error(`writing ${path} failed`)
      const made: Uint8Array[] = []
      for await (const part of parts) made.push(part)
      const bytes = new Uint8Array(made.reduce((sum, part) => sum + part.length, 0))
      let at = 0
      for (const part of made) {
        bytes.set(part, at)
        at += part.length
      }
      files.set(path, bytes)
    },
    list: () => Promise.resolve([...new Set([...files.keys()].map(top))]),
    remove: (name) => {
      if ([...open].some((path) => top(path) === name))
        return Promise.reject(new Error(`${name} is still read`))
      for (const path of [...files.keys()]) if (top(path) === name) files.delete(path)
      return Promise.resolve()
    },
  }
}

/**
 * The kept library's storage where this browser has a private file system and Web Locks (a worker of
 * a current browser); null elsewhere, where nothing is kept and every visit loads as the first.
 */
export function browserKeptStore(scope: {
  navigator?: { storage?: StorageManager; locks?: LockManager }
}): { files: KeptFiles; whileWriter: (write: () => Promise<void>) => Promise<boolean> } | null {
  const storage = scope.navigator?.storage
  const locks = scope.navigator?.locks
  if (storage?.getDirectory === undefined || locks === undefined) return null
  return {
    files: opfsFiles(storage),
    whileWriter: (write) =>
      locks.request(KEPT_WRITER_LOCK, { ifAvailable: true }, async (lock) => {
        if (lock === null) return false
        await write()
        return true
      }),
  }
}
