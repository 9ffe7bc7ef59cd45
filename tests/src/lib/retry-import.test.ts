import { afterEach, describe, expect, it, vi } from 'vitest'

import { IMPORT_RETRY_DELAYS_MS, retryingImport } from '../../../src/lib/retry-import'

afterEach(() => {
  vi.useRealTimers()
})

const missingCode = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')

describe('retryingImport', () => {
  it('asks again for code that did not arrive, after growing pauses, and returns it once it does', async () => {
    vi.useFakeTimers()
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(missingCode())
      .mockRejectedValueOnce(missingCode())
      .mockResolvedValue('module')
    const loaded = retryingImport(load)
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAYS_MS[0])
    expect(load).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAYS_MS[1])
    await expect(loaded).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('gives up after the last pause with the browser’s error', async () => {
    vi.useFakeTimers()
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(missingCode())
    const loaded = retryingImport(load, [10, 20])
    const outcome = expect(loaded).rejects.toThrow('Failed to fetch dynamically imported module')
    await vi.advanceTimersByTimeAsync(30)
    await outcome
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('does not retry a module that arrived and failed on its own', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new ReferenceError('x is not defined'))
    await expect(retryingImport(load)).rejects.toThrow('x is not defined')
    expect(load).toHaveBeenCalledTimes(1)
  })
})
