import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { TagChips } from '../../../../../src/features/library/components/tag-chips'
import { FakeResizeObserver } from '../../../../support/fake-resize-observer'

const CHIP = 60
const LINE = 150

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(LINE)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const names = () => screen.getAllByRole('button').map((button) => button.textContent)

describe('tag chips', () => {
  it('reads no size while mounting, and fits the chips once the observer reports the line', () => {
    const measure = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ width: CHIP } as DOMRect)
    render(<TagChips tags={['alpha', 'beta', 'gamma', 'delta']} tabIndex={-1} onPick={() => undefined} />)
    // Mounted with every chip drawn (the one-chip-high line clips the rest), nothing read yet.
    expect(names()).toEqual(['alpha', 'beta', 'gamma', 'delta'])
    expect(measure).not.toHaveBeenCalled()
    act(() => {
      FakeResizeObserver.notify()
    })
    // Two chips and "+2" would take 158 px of the 150: one chip and "+3" fit.
    expect(names()).toEqual(['alpha'])
    expect(screen.getByLabelText('3 more: beta, gamma, delta')).toHaveTextContent('+3')
  })

  it('measures tags that change on a card already shown before the browser paints', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: CHIP } as DOMRect)
    const { rerender } = render(<TagChips tags={['alpha']} tabIndex={-1} onPick={() => undefined} />)
    act(() => {
      FakeResizeObserver.notify()
    })
    rerender(<TagChips tags={['one', 'two', 'three']} tabIndex={-1} onPick={() => undefined} />)
    expect(names()).toEqual(['one'])
    expect(screen.getByLabelText('2 more: two, three')).toBeInTheDocument()
  })
})
