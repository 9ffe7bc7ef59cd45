import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { useIdleValue } from '../../../../../src/features/library/model/use-idle-value'

describe('useIdleValue', () => {
  it('gives the initial value first, the computed one once idle, and recomputes for a new function', async () => {
    const first = () => ['image/png']
    const { result, rerender } = renderHook(({ compute }) => useIdleValue(compute, [] as string[]), {
      initialProps: { compute: first },
    })
    expect(result.current).toEqual([])
    await waitFor(() => {
      expect(result.current).toEqual(['image/png'])
    })
    rerender({ compute: () => ['image/png', 'video/mp4'] })
    // The last value stays until the new one is made.
    expect(result.current).toEqual(['image/png'])
    await waitFor(() => {
      expect(result.current).toEqual(['image/png', 'video/mp4'])
    })
  })
})
