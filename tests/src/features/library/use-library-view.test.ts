import { describe, expect, it } from 'vitest'

import { asksDefault, workerAnswer } from '../../../../src/features/library/use-library-view'
import { DEFAULT_SORT, NO_FILTERS } from '../../../../src/features/library/model/filters'
import { ListResults } from '../../../../src/features/library/model/library-results'
import { listedRecord } from '../../../support/listed-record'

/** An answer where nothing passes the filters, over a library of two files. */
class NoneOfTwo extends ListResults {
  override get total(): number {
    return 2
  }
}

describe('workerAnswer', () => {
  const empty = new ListResults([])
  const some = new ListResults([listedRecord(1), listedRecord(2)])

  it("leaves the page's own first page on screen while the engine answers over nothing it has loaded", () => {
    expect(workerAnswer(null, false)).toBeNull()
    expect(workerAnswer(empty, false)).toBeNull()
  })

  it('takes the engine at its word once it holds files, or has every page of an empty library', () => {
    expect(workerAnswer(some, false)).toBe(some)
    expect(workerAnswer(empty, true)).toBe(empty)
    // Nothing passing the filters is an answer too: the library itself is not empty.
    const noneShown = new NoneOfTwo([])
    expect(workerAnswer(noneShown, false)).toBe(noneShown)
  })
})

describe('asksDefault', () => {
  it('holds for the default filters and sort only: the one query the first page may stand for', () => {
    expect(asksDefault({ ...NO_FILTERS }, { ...DEFAULT_SORT })).toBe(true)
    expect(asksDefault({ ...NO_FILTERS, query: 'sun' }, DEFAULT_SORT)).toBe(false)
    expect(asksDefault({ ...NO_FILTERS, folder: '/Events' }, DEFAULT_SORT)).toBe(false)
    expect(asksDefault(NO_FILTERS, { key: 'title', direction: 'desc' })).toBe(false)
    expect(asksDefault(NO_FILTERS, { key: 'date', direction: 'asc' })).toBe(false)
  })
})
