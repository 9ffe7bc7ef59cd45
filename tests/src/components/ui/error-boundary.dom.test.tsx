import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ErrorBoundary } from '../../../../src/components/ui/error-boundary'
import { PROBE_DELAYS_MS, reportUnreachable, resetConnectivity } from '../../../../src/lib/connectivity'

const PAGE_CODE = 'This part of the page could not load. Check your connection and try again.'
const missingCode = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/dialogs-Bx1.js')

/** Throws the given error while `failing.now` is set, as a lazy part whose code did not arrive. */
const failing = { now: true, error: missingCode() }
function Part() {
  if (failing.now) throw failing.error
  return <p>The part</p>
}

beforeEach(() => {
  failing.now = true
  failing.error = missingCode()
  // React and the boundary report the caught error on the console; the test reads the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetConnectivity()
})

describe('ErrorBoundary', () => {
  it('says in a sentence that code did not load, never the browser’s words, and tries again on request', async () => {
    const user = userEvent.setup()
    render(
      <ErrorBoundary region="dialog">
        <Part />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_CODE)
    expect(screen.queryByText(/dynamically imported module/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument()
    failing.now = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByText('The part')).toBeInTheDocument()
  })

  it('offers reloading the page once Try again met the same failure (the code is gone after a deploy)', async () => {
    const user = userEvent.setup()
    render(
      <ErrorBoundary region="dialog">
        <Part />
      </ErrorBoundary>,
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_CODE)
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
  })

  it('tries again by itself when the server answers again', async () => {
    vi.useFakeTimers()
    // The connectivity probe finds the server there.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ required: false }))),
    )
    render(
      <ErrorBoundary region="dialog">
        <Part />
      </ErrorBoundary>,
    )
    failing.now = false
    act(reportUnreachable)
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_CODE)
    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]))
    expect(screen.getByText('The part')).toBeInTheDocument()
  })

  it('names the region and says what went wrong for any other failure', () => {
    failing.error = new Error('The record has no title.')
    render(
      <ErrorBoundary region="file list">
        <Part />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The file list could not be shown: The record has no title.',
    )
  })
})
