import { isCodeLoadFailure } from './api-errors'

/** Pauses before each new attempt at code that did not arrive: a dropped request usually comes back. */
export const IMPORT_RETRY_DELAYS_MS = [500, 1_500, 4_000] as const

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * A dynamic import that tries again a few times when the code could not be fetched (the browser fetches
 * a failed module anew on the next `import()`). Any other failure, such as an error thrown by the
 * module itself, is final at once.
 */
export async function retryingImport<T>(
  load: () => Promise<T>,
  delays: readonly number[] = IMPORT_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      const delay = delays[attempt]
      if (delay === undefined || !isCodeLoadFailure(error)) throw error
      await sleep(delay)
    }
  }
}

let round = 0

/**
 * The round of attempts the page is in. A lazy part keeps its failed load, so that the render after the
 * failure shows it (an error boundary's message) rather than starting another load and suspending for
 * good; a new round, begun when someone asks to try again, makes every failed load start afresh.
 */
export function importRound(): number {
  return round
}

/** Try again: every lazy part whose load failed loads anew the next time it is drawn. */
export function retryFailedImports(): void {
  round++
}
