import { afterEach, describe, expect, it, vi } from 'vitest'

import { whenIdle } from '../../../../../src/features/library/model/when-idle'

afterEach(() => {
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('runs the work slice after slice until it reports done, each slice told when to stop', async () => {
    vi.useFakeTimers()
    let done = 0
    const slices: number[] = []
    whenIdle((more) => {
      let steps = 0
      while (done < 10 && steps < 3) {
        done++
        steps++
      }
      slices.push(steps)
      expect(more()).toBe(true)
      return done === 10
    })
    expect(slices).toEqual([])
    await vi.runAllTimersAsync()
    expect(slices).toEqual([3, 3, 3, 1])
  })

  it('does no more work once stopped', async () => {
    vi.useFakeTimers()
    let slices = 0
    const stop = whenIdle(() => {
      slices++
      return false
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(slices).toBe(1)
    stop()
    await vi.advanceTimersByTimeAsync(100)
    expect(slices).toBe(1)
  })
})
