import { useEffect, useRef, useState } from 'react'

import { useStoreInTransition } from '../../../lib/use-store-in-transition'
import { connectEngine, startedLibrary } from '../listing/library-worker'
import type { Filters, Sort } from '../model/filters'
import type { LibraryResults } from '../model/library-results'
import type { EngineStatus } from './client-state'
import { EngineClient, type EnginePort, type LibraryFacts } from './engine-results'

let shared: { library: object; client: EngineClient } | null = null
const NO_PORT: EnginePort = { post: () => undefined, close: () => undefined }

/**
 * The page's one client of the library's engine, once the listing has started the library: in its
 * worker, or where there are no workers on the page (decision 0078). A new library (a new screen's,
 * in the component tests) has a new client. Null before the listing started.
 */
export function libraryEngine(): EngineClient | null {
  const library = startedLibrary()
  if (library === null) return null
  if (shared?.library !== library) {
    shared?.client.close()
    shared = { library, client: new EngineClient((receive) => connectEngine(receive) ?? NO_PORT) }
  }
  return shared.client
}

const NO_STATUS: EngineStatus = { held: null, complete: false }
const noSubscription = () => () => undefined
const noResults = () => null
const noStatus = () => NO_STATUS

/**
 * The library's worker asked for the files passing `filters` in `sort`: its latest results (null until
 * the first answer), how much of the library it holds, and the controls' facts, asked again each time
 * the library changes. Everything is null or empty before the listing started the library.
 */
export function useLibraryEngine(filters: Filters, sort: Sort) {
  const [client] = useState(libraryEngine)
  // The worker's answers render as transitions, in slices: a page of the library arriving never holds
  // the main thread for the whole screen's render. The answer to a search or sort the person changed
  // renders at once: its slices let a frame or two pass before it painted.
  const results: LibraryResults | null = useStoreInTransition(
    client?.subscribe ?? noSubscription,
    client?.getSnapshot ?? noResults,
    client?.answersInput,
  )
  const status = useStoreInTransition(client?.subscribe ?? noSubscription, client?.getStatus ?? noStatus)
  useEffect(() => {
    client?.query(filters, sort)
  }, [client, filters, sort])
  const [facts, setFacts] = useState<LibraryFacts | null>(null)
  const factsAsked = useRef<{ at: number } | null>(null)
  useEffect(() => {
    if (client === null || status.held === null) return
    const ask = () => {
      const asked = { at: performance.now() }
      factsAsked.current = asked
      // The latest asked is shown, even when the library changed again before it was answered.
      void client.facts().then((answer) => {
        if (factsAsked.current === asked) setFacts(answer)
      })
    }
    const wait = factsDelay(status.complete, factsAsked.current?.at ?? null, performance.now())
    if (wait === 0) {
      ask()
      return
    }
    const timer = setTimeout(ask, wait)
    return () => {
      clearTimeout(timer)
    }
  }, [client, status])
  return { client, results, status, facts }
}

/** While pages still arrive, the controls' facts are asked at most this often. */
export const FACTS_WHILE_LOADING_MS = 2_000

/**
 * How long to wait before asking the controls' facts (file types, folder paths, files per folder): at
 * once when the library is whole or they were never asked; while pages still arrive, until
 * FACTS_WHILE_LOADING_MS since the last ask. Each ask is three passes over every file the worker holds
 * (100 to 230 ms at 500,000 in Node), and a `changed` comes with each page: asked for each, they held
 * a search's keystrokes back during a load.
 */
export function factsDelay(complete: boolean, lastAsked: number | null, now: number): number {
  if (complete || lastAsked === null) return 0
  return Math.max(0, lastAsked + FACTS_WHILE_LOADING_MS - now)
}
