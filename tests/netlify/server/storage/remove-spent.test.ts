import { describe, expect, it } from 'vitest'

import type { DocumentStore, ListedDocument } from '../../../../netlify/server/storage/document-store'
import { removeSpentDocuments } from '../../../../netlify/server/storage/remove-spent'
import { freshStoreForEachTest, STORE_KINDS, type StoreKind } from '../../../support/stores'

/** `{ spent }` documents under `sweep/`, and one beside the folder. */
async function fill(store: DocumentStore, spent: readonly boolean[]): Promise<void> {
  for (const [i, value] of spent.entries())
    await store.write(`sweep/${String(i).padStart(3, '0')}`, { spent: value }, { ifNew: true })
  await store.write('sweeping', { spent: true }, { ifNew: true })
}

const isSpent = (_key: string, value: unknown) => (value as { spent: boolean }).spent

const keys = async (store: DocumentStore, prefix = 'sweep') =>
  (await store.list(prefix)).map(({ key }) => key)

/** Runs `between` once, after the sweep's listing and before it reads anything. */
function afterListing(store: DocumentStore, between: () => Promise<void>): void {
  const list = store.list.bind(store)
  let done = false
  store.list = async (prefix: string): Promise<ListedDocument[]> => {
    const listed = await list(prefix)
    if (!done) {
      done = true
      await between()
    }
    return listed
  }
}

describe.each(STORE_KINDS)('removeSpentDocuments (%s)', (kind: StoreKind) => {
  const store = freshStoreForEachTest(kind)

  it('removes the spent documents under the prefix, and only those', async () => {
    await fill(store(), [true, false, true, true, false])
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent)).toBe(3)
    expect(await keys(store())).toEqual(['sweep/001', 'sweep/004', 'sweeping'])
  })

  it('keeps a document written again after the listing, judged by what it holds now', async () => {
    await fill(store(), [true, true])
    afterListing(store(), async () => {
      // A request writes the first one again.
      const first = await store().read('sweep/000')
      await store().write('sweep/000', { spent: false }, { ifMatch: first?.etag ?? '' })
    })
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent)).toBe(1)
    expect((await store().read('sweep/000'))?.value).toEqual({ spent: false })
    expect(await keys(store(), 'sweep/')).toEqual(['sweep/000'])
  })

  it('passes over a document removed since the listing', async () => {
    await fill(store(), [true, true])
    afterListing(store(), () => store().remove('sweep/001'))
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent)).toBe(1)
    expect(await keys(store(), 'sweep/')).toEqual([])
  })
})

describe('removeSpentDocuments within its budget', () => {
  const store = freshStoreForEachTest('memory')

  it('reads at most its budget a run, from where it starts, wrapping around, so runs reach every one', async () => {
    await fill(
      store(),
      Array.from({ length: 10 }, () => true),
    )
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent, { maxExamined: 4, startAt: 0.8 })).toBe(4)
    // From the 9th (0.8 of 10): the last two, then the first two.
    expect(await keys(store(), 'sweep/')).toEqual(
      ['002', '003', '004', '005', '006', '007'].map((n) => `sweep/${n}`),
    )
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent, { maxExamined: 4, startAt: 0.5 })).toBe(4)
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent, { maxExamined: 4 })).toBe(2)
    expect(await keys(store(), 'sweep/')).toEqual([])
  })

  it('starts nothing once its time is spent', async () => {
    await fill(store(), [true, true])
    expect(await removeSpentDocuments(store(), 'sweep/', isSpent, { budgetMs: 0 })).toBe(0)
    expect(await keys(store(), 'sweep/')).toHaveLength(2)
  })
})
