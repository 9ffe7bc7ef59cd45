import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { usePendingAction } from '../../../../src/components/ui/use-pending-action'
import { ApiError } from '../../../../src/lib/api-client'

describe('a pending action', () => {
  it('is pending while its work runs, and forgets the last error when it starts again', async () => {
    const { result } = renderHook(() => usePendingAction())
    let went: Promise<boolean> = Promise.resolve(false)
    let finish = () => {}
    act(() => {
      result.current.setError('Name is required')
    })
    expect(result.current.error).toBe('Name is required')
    act(() => {
      went = result.current.run(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve
          }),
        'Could not save',
      )
    })
    expect(result.current).toMatchObject({ pending: true, error: null })
    await act(async () => {
      finish()
      await went
    })
    expect(await went).toBe(true)
    expect(result.current).toMatchObject({ pending: false, error: null })
  })

  it('keeps the server’s own words on a failure, or the fallback when there are none', async () => {
    const { result } = renderHook(() => usePendingAction())
    let went = true
    await act(async () => {
      went = await result.current.run(() => Promise.reject(new ApiError(409, 'The last admin stays')), 'x')
    })
    expect(went).toBe(false)
    expect(result.current).toMatchObject({ pending: false, error: 'The last admin stays' })
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('')), 'Could not remove them')
    })
    expect(result.current.error).toBe('Could not remove them')
  })
})
