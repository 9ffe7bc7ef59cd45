import { afterEach, describe, expect, it, vi } from 'vitest'

import { inSlices, nextTask, whenIdle } from '../../../../../src/features/library/model/sliced-work'

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

describe('inSlices with nextTask', () => {
  const turn = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('runs each slice as a task of its own, after the tasks already queued', async () => {
    const order: string[] = []
    let slices = 0
    inSlices(() => {
      order.push(`slice ${String(++slices)}`)
      return slices === 3
    }, nextTask)
    queueMicrotask(() => order.push('microtask'))
    expect(order).toEqual([])
    for (let wait = 0; wait < 20 && slices < 3; wait++) await turn()
    expect(order).toEqual(['microtask', 'slice 1', 'slice 2', 'slice 3'])
  })

  it('stops between slices, and gives each slice about 8 ms', async () => {
    let slices = 0
    let longest = 0
    const stop = inSlices((more) => {
      const start = performance.now()
      while (more()) {
        /* busy */
      }
      longest = Math.max(longest, performance.now() - start)
      slices++
      return false
    }, nextTask)
    for (let wait = 0; wait < 50 && slices < 2; wait++) await turn()
    stop()
    const stoppedAt = slices
    for (let wait = 0; wait < 5; wait++) await turn()
    expect(slices).toBe(stoppedAt)
    expect(longest).toBeGreaterThanOrEqual(7)
    // Bounded, with room for a busy machine taking the core away mid-slice.
    expect(longest).toBeLessThan(500)
  })
})
