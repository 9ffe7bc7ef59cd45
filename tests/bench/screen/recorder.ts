/**
 * Keeps every result of a measured step while handing `interleave` (lib/figures.ts) the one number it
 * times by. `interleave` calls each side once as a warm-up before the timed runs, so `timed()` leaves
 * the first result out.
 */
export interface Recorder<T> {
  /** Runs the step once (given how many ran before it) and returns its number. */
  next: () => Promise<number>
  /** The results of the timed runs, without the warm-up. */
  timed: () => T[]
}

export function recorder<T>(run: (index: number) => Promise<T>, value: (result: T) => number): Recorder<T> {
  const results: T[] = []
  return {
    next: async () => {
      const result = await run(results.length)
      results.push(result)
      return value(result)
    },
    timed: () => results.slice(1),
  }
}
