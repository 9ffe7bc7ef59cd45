import { describe, expect, it } from 'vitest'

import {
  INITIAL_STATE,
  nextState,
  reaskAfter,
  REASK_WHILE_ARRIVING_MS,
  shownOf,
  type AnswerRows,
  type ClientEvent,
  type ClientState,
} from '../../../../../src/features/library/engine/client-state'
import { DEFAULT_SORT, NO_FILTERS, type Filters } from '../../../../../src/features/library/model/filters'

const rows = (): AnswerRows => ({ at: new Map(), blocksAsked: new Set() })
const SEARCH: Filters = { ...NO_FILTERS, query: 'sun' }

function run(...events: ClientEvent[]): ClientState {
  return events.reduce(nextState, INITIAL_STATE)
}

const asked = (ask: number, filters: Filters = NO_FILTERS): ClientEvent => ({
  type: 'asked',
  filters,
  sort: DEFAULT_SORT,
  ask,
})
const answer = (ask: number, version: number, total = 10): ClientEvent => ({
  type: 'answer',
  ask,
  version,
  count: total,
  total,
  rows: rows(),
})
const changed = (version: number, held: number, complete: boolean): ClientEvent => ({
  type: 'changed',
  reply: { type: 'changed', version, held, complete },
})

describe("the engine client's steps", () => {
  it('goes from no query to a query asked, then answered, keeping the answer shown while the next is asked', () => {
    expect(INITIAL_STATE.query.step).toBe('unasked')
    expect(shownOf(INITIAL_STATE)).toBeNull()
    const asking = run(asked(0))
    expect(asking.query).toMatchObject({ step: 'asking', ask: 0, byPerson: true, shown: null })
    const answered = nextState(asking, answer(0, 1))
    expect(answered.query).toMatchObject({ step: 'answered', shown: { version: 1, count: 10 } })
    const again = nextState(answered, asked(1, SEARCH))
    expect(again.query.step).toBe('asking')
    expect(shownOf(again)).toBe(shownOf(answered))
  })

  it('shows only the answer to the latest ask: an earlier one still on its way changes nothing', () => {
    const state = run(asked(0), asked(1, SEARCH))
    expect(nextState(state, answer(0, 1))).toBe(state)
    expect(nextState(state, answer(1, 1)).query).toMatchObject({
      step: 'answered',
      query: { filters: SEARCH },
    })
  })

  it("marks the answer to the person's own query, until it is published, and not the same query asked again", () => {
    const first = run(asked(0), answer(0, 1))
    expect(first.answersInput).toBe(true)
    const published = nextState(first, { type: 'published' })
    expect(published.answersInput).toBe(false)
    // The library changed: the same query asked again is not the person's.
    const reasked = run(asked(0), answer(0, 1), { type: 'published' }, changed(2, 20, false), asked(1))
    expect(reasked.query).toMatchObject({ step: 'asking', byPerson: false })
    expect(nextState(reasked, answer(1, 2)).answersInput).toBe(false)
  })

  it('starts a new query at the top of the list, and keeps the window of the same query asked again', () => {
    const scrolled = run(asked(0), answer(0, 1), { type: 'window', from: 400, to: 460 })
    expect(scrolled.window).toEqual({ from: 400, to: 460 })
    expect(nextState(scrolled, asked(1)).window).toEqual({ from: 400, to: 460 })
    expect(nextState(scrolled, asked(1, SEARCH)).window).toEqual({ from: 0, to: 60 })
  })

  it('takes rows only for the version shown, each time as a new revision of the answer', () => {
    const shown = run(asked(0), answer(0, 3), { type: 'published' })
    expect(nextState(shown, { type: 'rows', version: 2 })).toBe(shown)
    const more = nextState(shown, { type: 'rows', version: 3 })
    expect(shownOf(more)).not.toBe(shownOf(shown))
    expect(shownOf(more)?.rows).toBe(shownOf(shown)?.rows)
  })

  it('hears how much of the library the engine holds, and whether the answer shown reads it', () => {
    const state = run(asked(0), answer(0, 1), changed(2, 500, false))
    expect(state.status).toEqual({ held: 500, complete: false, kept: false })
    expect(state.latest).toBe(2)
  })

  it('asks again at once when nothing is shown or the library is whole, else at most every few seconds', () => {
    // Nothing asked: nothing to ask again.
    expect(reaskAfter(run(changed(1, 500, false)), 0, 0)).toBeNull()
    // The answer shown reads the library as last said.
    expect(reaskAfter(run(asked(0), answer(0, 1), changed(1, 500, false)), 0, 0)).toBeNull()
    // Nothing shown yet, or an answer over an empty library: at once.
    expect(reaskAfter(run(asked(0), changed(1, 500, false)), 0, 10)).toBe(0)
    expect(reaskAfter(run(asked(0), answer(0, 1, 0), changed(2, 500, false)), 0, 10)).toBe(0)
    // Whole: at once.
    expect(reaskAfter(run(asked(0), answer(0, 1), changed(2, 500, true)), 0, 10)).toBe(0)
    // Still arriving: after the rest of the few seconds since the last time.
    const growing = run(asked(0), answer(0, 1), changed(2, 1_000, false))
    expect(reaskAfter(growing, 1_000, 2_000)).toBe(REASK_WHILE_ARRIVING_MS - 1_000)
    expect(reaskAfter(growing, 1_000, 1_000 + REASK_WHILE_ARRIVING_MS + 5)).toBe(0)
  })
})
