import { describe, expect, it } from 'vitest'

import type { ListedDocument } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { removeSpentDocuments } from '../../../../netlify/server/storage/remove-spent'

/** `{ spent }` documents under `sweep/`, and one beside the folder. */
async function storeWith(spent: readonly boolean[]): Promise<MemoryDocumentStore> {
  const store = new MemoryDocumentStore()
  for (const [i, value] of spent.entries())
    await store.write(`sweep/${String(i).padStart(3, '0')}`, { spent: value }, { ifNew: true })
  await store.write('sweeping', { spent: true }, { ifNew: true })
  return store
}

const isSpent = (_key: string, value: unknown) => (value as { spent: boolean }).spent

const keys = async (store: MemoryDocumentStore, prefix = 'sweep') =>
  (await store.list(prefix)).map(({ key }) => key)

describe('removeSpentDocuments', () => {
  it('removes the spent documents under the prefix, and only those', async () => {
    const store = await storeWith([true, false, true, true, false])
    expect(await removeSpentDocuments(store, 'sweep/', isSpent)).toBe(3)
    expect(await keys(store)).toEqual(['sweep/001', 'sweep/004', 'sweeping'])
  })

  it('reads at most its budget a run, from where it starts, wrapping around, so runs reach every one', async () => {
    const store = await storeWith(Array.from({ length: 10 }, () => true))
    expect(await removeSpentDocuments(store, 'sweep/', isSpent, { maxExamined: 4, startAt: 0.8 })).toBe(4)
    // From the 9th (0.8 of 10): the last two, then the first two.
    expect(await keys(store, 'sweep/')).toEqual(
      ['002', '003', '004', '005', '006', '007'].map((n) => `sweep/${n}`),
    )
    expect(await removeSpentDocuments(store, 'sweep/', isSpent, { maxExamined: 4, startAt: 0.5 })).toBe(4)
    expect(await removeSpentDocuments(store, 'sweep/', isSpent, { maxExamined: 4 })).toBe(2)
    expect(await keys(store, 'sweep/')).toEqual([])
  })

  it('starts nothing once its time is spent', async () => {
    const store = await storeWith([true, true])
    expect(await removeSpentDocuments(store, 'sweep/', isSpent, { budgetMs: 0 })).toBe(0)
    expect(await keys(store, 'sweep/')).toHaveLength(2)
  })

  it('keeps a document written again after the listing, judged by what it holds now', async () => {
    const store = await storeWith([true, true])
    const list = store.list.bind(store)
    store.list = async (prefix: string): Promise<ListedDocument[]> => {
      const listed = await list(prefix)
      // Between the listing and the sweep's read, a request writes the first one again.
      const first = await store.read('sweep/000')
      await store.write('sweep/000', { spent: false }, { ifMatch: first?.etag ?? '' })
      return listed
    }
    expect(await removeSpentDocuments(store, 'sweep/', isSpent)).toBe(1)
    expect((await store.read('sweep/000'))?.value).toEqual({ spent: false })
    expect(await keys(store, 'sweep/')).toEqual(['sweep/000'])
  })

  it('passes over a document removed since the listing', async () => {
    const store = await storeWith([true, true])
    const list = store.list.bind(store)
    store.list = async (prefix: string): Promise<ListedDocument[]> => {
      const listed = await list(prefix)
      await store.remove('sweep/001')
      return listed
    }
    expect(await removeSpentDocuments(store, 'sweep/', isSpent)).toBe(1)
  })
})
