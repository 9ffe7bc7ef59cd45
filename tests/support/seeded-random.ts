/** A seeded generator of whole numbers below `below`, so a failure is the same on every run. */
export function random(seed: number): (below: number) => number {
  let state = seed >>> 0
  return (below) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    state = (state ^ (state >>> 13)) >>> 0
    return state % below
  }
}
