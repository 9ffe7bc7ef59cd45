import { act, render, screen } from '@testing-library/react'
import { Suspense, use, useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { useWidth } from '../../../../../src/features/library/components/use-width'
import { FakeResizeObserver } from '../../../../support/fake-resize-observer'

let clientWidth = 800
const never = new Promise<never>(() => undefined)

/** Suspends at one width: an urgent update would show the fallback, a transition keeps what is shown. */
function Columns({ width }: { width: number }) {
  if (width === 400) use(never)
  return <p>{`width ${String(width)}`}</p>
}

function Measured() {
  const ref = useRef<HTMLDivElement>(null)
  const width = useWidth(ref)
  return (
    <div ref={ref}>
      <Suspense fallback={<p>waiting</p>}>
        <Columns width={width} />
      </Suspense>
    </div>
  )
}

beforeEach(() => {
  clientWidth = 800
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => clientWidth)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('useWidth', () => {
  it('has the width before the first paint, with no report from the observer', () => {
    render(<Measured />)
    expect(screen.getByText('width 800')).toBeTruthy()
  })

  it('renders a later width as a transition, which keeps the screen as it was until it can render', () => {
    render(<Measured />)
    clientWidth = 400
    act(() => {
      FakeResizeObserver.notify()
    })
    // An urgent update would have replaced the cards with the Suspense fallback.
    expect(screen.getByText('width 800')).toBeTruthy()
    expect(screen.queryByText('waiting')).toBeNull()
  })

  it('follows the element as it is resized', async () => {
    render(<Measured />)
    clientWidth = 600
    await act(async () => {
      FakeResizeObserver.notify()
      await Promise.resolve()
    })
    // A transition may be rendered in a later slice than the one the observer's report starts.
    expect(await screen.findByText('width 600')).toBeTruthy()
  })
})
