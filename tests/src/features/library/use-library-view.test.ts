import { describe, expect, it } from 'vitest'

import { workerAnswer } from '../../../../src/features/library/use-library-view'
import { IndexResults } from '../../../../src/features/library/model/library-results'
import { listedRecord } from '../../../support/listed-record'

describe('workerAnswer', () => {
  const empty = new IndexResults([], [])
  const two = [listedRecord(1), listedRecord(2)]
  const some = new IndexResults(two, [0, 1])

  it("leaves the page's own first page on screen while the worker answers over nothing it has loaded", () => {
    expect(workerAnswer(null, false)).toBeNull()
    expect(workerAnswer(empty, false)).toBeNull()
  })

  it('takes the worker at its word once it holds files, or has every page of an empty library', () => {
    expect(workerAnswer(some, false)).toBe(some)
    expect(workerAnswer(empty, true)).toBe(empty)
    // Nothing passing the filters is an answer too: the library itself is not empty.
    const noneShown = new IndexResults(two, [])
    expect(workerAnswer(noneShown, false)).toBe(noneShown)
  })
})
