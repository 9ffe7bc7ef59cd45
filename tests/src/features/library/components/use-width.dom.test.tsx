import { act, render, screen } from '@testing-library/react'
import { Suspense, use, useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { useWidth } from '../../../../../src/features/library/components/use-width'

/** A ResizeObserver the test notifies by hand, as the browser does after its layout. */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = []
  readonly observed = new Set<Element>()
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this)
  }
  observe(element: Element) {
    this.observed.add(element)
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  disconnect() {
    this.observed.clear()
  }
  static notify() {
    for (const one of FakeResizeObserver.all) {
      const entries = [...one.observed].map((target) => ({ target }) as ResizeObserverEntry)
      one.callback(entries, one)
    }
  }
}

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
