import { describe, expect, it } from 'vitest'

import {
  dropKeptListing,
  keptLibraryFound,
} from '../../../../../../src/features/library/engine/kept-store/kept-files'
import { KEPT_DIRECTORY, KEPT_MANIFEST as MANIFEST } from '../../../../../../src/lib/storage-names'

const notFound = () => Promise.reject(new DOMException('', 'NotFoundError'))

/** A private file system holding `files` under the kept library's directory (none: no directory). */
function privateFiles(files: string[] | null) {
  const removed: string[] = []
  const library = {
    getFileHandle: (name: string) => (files?.includes(name) ? Promise.resolve({}) : notFound()),
  }
  const root = {
    getDirectoryHandle: (name: string) =>
      name === KEPT_DIRECTORY && files !== null ? Promise.resolve(library) : notFound(),
    removeEntry: (name: string, options: { recursive: boolean }) => {
      if (files === null) return notFound()
      removed.push(`${name}${options.recursive ? ' and all it holds' : ''}`)
      return Promise.resolve()
    },
  }
  const storage = { getDirectory: () => Promise.resolve(root) } as unknown as StorageManager
  return { storage, removed }
}

const locks = {} as LockManager

describe('the kept library as the page sees it', () => {
  it('is found where its manifest is, with Web Locks to write it by', async () => {
    expect(await keptLibraryFound({ storage: privateFiles([MANIFEST, 'g1']).storage, locks })).toBe(true)
    // A write cut before its manifest, no directory, no Web Locks or no private file system: nothing.
    expect(await keptLibraryFound({ storage: privateFiles(['g1']).storage, locks })).toBe(false)
    expect(await keptLibraryFound({ storage: privateFiles(null).storage, locks })).toBe(false)
    expect(await keptLibraryFound({ storage: privateFiles([MANIFEST]).storage })).toBe(false)
    expect(await keptLibraryFound({ locks })).toBe(false)
    expect(await keptLibraryFound(undefined)).toBe(false)
  })

  it('is dropped whole on signing out, and a store with nothing kept is no failure', async () => {
    const kept = privateFiles([MANIFEST, 'g1'])
    await dropKeptListing(kept.storage)
    expect(kept.removed).toEqual([`${KEPT_DIRECTORY} and all it holds`])
    await expect(dropKeptListing(privateFiles(null).storage)).resolves.toBeUndefined()
    await expect(dropKeptListing(undefined)).resolves.toBeUndefined()
  })
})
