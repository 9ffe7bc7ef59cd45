import { describe, expect, it } from 'vitest'

import { backoffMs, nextAttemptAt, RETRY_WINDOW_MS } from '../../../../netlify/server/webhooks/retry-schedule'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('the retry schedule', () => {
  it('doubles from a minute up to six hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((failures) => backoffMs(failures) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360,
    ])
  })

  it('spreads each delay by at most a fifth either way', () => {
    const created = new Date('2026-12-06T00:00:00.000Z')
    const at = (random: number) => nextAttemptAt(created, 3, created, () => random)?.getTime()
    expect(at(0)).toBe(created.getTime() + 0.8 * 4 * MINUTE)
    expect(at(0.5)).toBe(created.getTime() + 4 * MINUTE)
    expect(at(0.999_999)).toBeCloseTo(created.getTime() + 1.2 * 4 * MINUTE, -2)
  })

  it('tries for 24 hours, the last try at the 24th hour, 13 tries in all', () => {
    const created = new Date('2026-12-06T00:00:00.000Z')
    const tries = [created]
    for (;;) {
      const last = tries[tries.length - 1] ?? created
      const next = nextAttemptAt(created, tries.length, last, () => 0.5)
      if (!next) break
      tries.push(next)
    }
    expect(tries).toHaveLength(13)
    const last = tries[tries.length - 1]?.getTime() ?? 0
    expect(last - created.getTime()).toBe(RETRY_WINDOW_MS)
    expect((tries[9]?.getTime() ?? 0) - created.getTime()).toBe(511 * MINUTE)
    expect(nextAttemptAt(created, 13, new Date(created.getTime() + 24 * HOUR))).toBeNull()
  })
})
