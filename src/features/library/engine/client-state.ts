import type { MediaRecord } from '../../../contract/record'
import type { Filters, Sort } from '../model/filters'
import type { ShownQuery } from '../model/library-results'
import type { EngineReply } from './library-protocol'

/** How much of the library the engine holds: null until it has said. */
export interface EngineStatus {
  held: number | null
  complete: boolean
  /** Whether it is the library kept from the last visit, whole as last seen (decision 0052). */
  kept?: boolean
}

/**
 * The rows of one answer in hand, by place, and the blocks asked for: they grow as a scroll reaches
 * them, and go with their answer when a newer one arrives.
 */
export interface AnswerRows {
  readonly at: Map<number, MediaRecord>
  readonly blocksAsked: Set<number>
}

/** One answer of the engine as the screen shows it. */
export interface Shown {
  query: ShownQuery
  /** The library's version it read: rows of another version are dropped. */
  version: number
  count: number
  total: number
  rows: AnswerRows
}

/**
 * Where the client's query is: none asked yet; asked, its answer on the way (the last answer still
 * shown meanwhile); or answered. `byPerson`: the query asked differs from the one before it (the
 * person's own search, filter or sort), not the same one asked again because the library changed.
 */
export type QueryStep =
  | { step: 'unasked' }
  | { step: 'asking'; query: ShownQuery; ask: number; byPerson: boolean; shown: Shown | null }
  | { step: 'answered'; query: ShownQuery; shown: Shown }

export interface ClientState {
  query: QueryStep
  /** How much of the library the engine holds, as it last said. */
  status: EngineStatus
  /** The library's version as the engine last said it changed (-1: not yet). */
  latest: number
  /** The places the screen last wanted rows for: a query asked again keeps them, a new one starts at 0. */
  window: { from: number; to: number }
  /**
   * Whether what is being published is the answer to a query the person changed, drawn at once
   * (useStoreInTransition): from that answer until it is published, not after.
   */
  answersInput: boolean
}

export type ClientEvent =
  /** The query was sent as ask `ask`. */
  | { type: 'asked'; filters: Filters; sort: Sort; ask: number }
  /** An answer to a query arrived, its rows kept in `rows`. */
  | { type: 'answer'; ask: number; version: number; count: number; total: number; rows: AnswerRows }
  /** More rows of the answer of `version` arrived (kept already in that answer's rows). */
  | { type: 'rows'; version: number }
  /** The library changed. */
  | { type: 'changed'; reply: Extract<EngineReply, { type: 'changed' }> }
  /** The screen wants the rows from `from` to `to`. */
  | { type: 'window'; from: number; to: number }
  /** The screen has heard of the last change. */
  | { type: 'published' }

/** Rows are asked for in blocks of this many places, so a scroll asks once per block it reaches. */
export const ROW_BLOCK = 100

export const INITIAL_STATE: ClientState = {
  query: { step: 'unasked' },
  status: { held: null, complete: false },
  latest: -1,
  window: { from: 0, to: ROW_BLOCK },
  answersInput: false,
}

/** The answer the screen shows in this state; null before the first. */
export function shownOf(state: ClientState): Shown | null {
  return state.query.step === 'unasked' ? null : state.query.shown
}

/** The query asked last; null before the first. */
export function askedOf(state: ClientState): ShownQuery | null {
  return state.query.step === 'unasked' ? null : state.query.query
}

/** The client's next state after `event`: every step of its query and of the library it hears of. */
export function nextState(state: ClientState, event: ClientEvent): ClientState {
  const next = step(state, event)
  return event.type === 'answer' || !next.answersInput ? next : { ...next, answersInput: false }
}

function step(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case 'asked': {
      const asked = askedOf(state)
      const byPerson = asked?.filters !== event.filters || asked.sort !== event.sort
      const { from, to } = state.window
      return {
        ...state,
        // A new query starts at the top; the same one asked again (the library changed) keeps its window.
        window: byPerson ? { from: 0, to: to - from } : state.window,
        query: {
          step: 'asking',
          query: { filters: event.filters, sort: event.sort },
          ask: event.ask,
          byPerson,
          shown: shownOf(state),
        },
      }
    }
    case 'answer': {
      const { query } = state
      // Only the latest query's answer is shown: an earlier one still on its way is out of date.
      if (query.step !== 'asking' || query.ask !== event.ask) return state
      const { version, count, total, rows } = event
      const shown: Shown = { query: query.query, version, count, total, rows }
      return {
        ...state,
        query: { step: 'answered', query: query.query, shown },
        answersInput: query.byPerson,
      }
    }
    case 'rows': {
      const shown = shownOf(state)
      if (shown === null || state.query.step === 'unasked' || shown.version !== event.version) return state
      // The same answer with more rows: a new revision of it, for the screen to draw.
      return { ...state, query: { ...state.query, shown: { ...shown } } }
    }
    case 'changed': {
      const { version, held, complete, kept } = event.reply
      return { ...state, latest: version, status: { held, complete, kept: kept === true } }
    }
    case 'window':
      return { ...state, window: { from: Math.max(0, event.from), to: Math.max(event.from, event.to) } }
    case 'published':
      return state
  }
}

/**
 * While the library's pages still arrive, the query is asked again as it grows at most this often; at
 * once when it has files to show for the first time and when the last page is in. Each answer redraws
 * the rows in view, and on a first visit the pages land while the server still works on the rest:
 * under netlify dev a redraw then took 60-95 ms for its 10-20 ms of CPU (decision 0062). A person's
 * own search, filter or sort is asked at once, whatever this says.
 */
export const REASK_WHILE_ARRIVING_MS = 3_000

/**
 * After the library changed: whether the query is asked again (`null`: no, the answer shown reads this
 * version already, or nothing was asked), and after how many milliseconds. `lastAsked`: when the
 * library's growth last had it asked again.
 */
export function reaskAfter(state: ClientState, lastAsked: number, now: number): number | null {
  const shown = shownOf(state)
  if (state.query.step === 'unasked' || shown?.version === state.latest) return null
  const nothingShown = shown === null || shown.total === 0
  if (state.status.complete || nothingShown) return 0
  return Math.max(0, lastAsked + REASK_WHILE_ARRIVING_MS - now)
}
