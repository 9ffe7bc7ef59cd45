import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ComponentType } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { lazyWithPreload, OpenedOnce } from '../../../../src/components/ui/lazy-load'
import { IMPORT_RETRY_DELAYS_MS } from '../../../../src/lib/retry-import'

const PAGE_CODE = 'This part of the page could not load. Check your connection and try again.'
/** Every attempt at the code, the retries included, until `retryingImport` gives up. */
const ALL_RETRIES_MS = IMPORT_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)

const missingCode = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/edit-Bx1.js')

interface DialogProps {
  open: boolean
}

/** A dialog as the commands give one: closed, it draws nothing. */
function EditFileDialog({ open }: DialogProps) {
  return open ? <div role="dialog" aria-label="Edit File" /> : null
}

/** A lazy Edit dialog whose code does not arrive while `network.down`; `network.calls` counts each import. */
function lazyEditDialog() {
  const network = { down: true, calls: 0 }
  const Dialog = lazyWithPreload<DialogProps>(() => {
    network.calls++
    return network.down
      ? Promise.reject(missingCode())
      : Promise.resolve(EditFileDialog as ComponentType<DialogProps>)
  })
  return { Dialog, network }
}

/** The screen's part: a button that opens the dialog, which OpenedOnce draws. */
function Screen({ Dialog }: { Dialog: ComponentType<DialogProps> }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true)
        }}
      >
        Edit
      </button>
      <OpenedOnce
        open={open}
        region="Edit dialog"
        onClose={() => {
          setOpen(false)
        }}
      >
        <Dialog open={open} />
      </OpenedOnce>
    </>
  )
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  // React and the boundary report the caught error on the console; the test reads the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function setup() {
  const { Dialog, network } = lazyEditDialog()
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  render(<Screen Dialog={Dialog} />)
  return { user, network }
}

/**
 * Presses a button whose press makes the dialog suspend, as the keyboard does (focus, then Enter's click).
 * React finishes a render that suspended only in an awaited act scope.
 */
async function press(name: string) {
  const button = screen.getByRole('button', { name })
  button.focus()
  await act(async () => {
    fireEvent.click(button)
    await Promise.resolve()
  })
}

/**
 * Waits out every attempt at the code, then for the screen to show the failure: React draws what a
 * settled load brings in its own time, which `findBy` waits for.
 */
async function waitForFailure() {
  await act(() => vi.advanceTimersByTimeAsync(ALL_RETRIES_MS))
  return screen.findByRole('alertdialog', { name: 'The Edit dialog could not open' })
}

/** Opens the dialog and waits until its code has failed to arrive, retries included. */
async function openAndFail() {
  await press('Edit')
  return waitForFailure()
}

describe('a lazy dialog whose code does not arrive', () => {
  it('shows a box that can be closed while it loads: Close, or Escape, gives the focus back', async () => {
    const { user } = setup()
    const opener = screen.getByRole('button', { name: 'Edit' })
    await press('Edit')
    const loading = screen.getByRole('dialog', { name: 'Opening the Edit dialog…' })
    expect(loading).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()

    await press('Edit')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('says so with Try again and Close once it gives up; Try again imports anew and opens the dialog', async () => {
    const { network } = setup()
    const failed = await openAndFail()
    expect(failed).toHaveTextContent(PAGE_CODE)
    expect(screen.queryByText(/dynamically imported module/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus()
    // The first attempt and each of its retries.
    expect(network.calls).toBe(IMPORT_RETRY_DELAYS_MS.length + 1)

    network.down = false
    await press('Try again')
    expect(await screen.findByRole('dialog', { name: 'Edit File' })).toBeInTheDocument()
    expect(network.calls).toBe(IMPORT_RETRY_DELAYS_MS.length + 2)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('closes its failure with Close or Escape, and opened again tries the code afresh', async () => {
    const { user, network } = setup()
    const opener = screen.getByRole('button', { name: 'Edit' })
    await openAndFail()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()

    await openAndFail()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    // Tab stays inside a box while it is open: it holds Close and Try again.
    await openAndFail()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('alertdialog')).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')

    network.down = false
    const before = network.calls
    await press('Edit')
    expect(await screen.findByRole('dialog', { name: 'Edit File' })).toBeInTheDocument()
    expect(network.calls).toBe(before + 1)
  })

  it('offers reloading the page once Try again met the same failure (the code is gone after a deploy)', async () => {
    setup()
    await openAndFail()
    expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument()
    await press('Try again')
    expect(screen.getByRole('dialog', { name: 'Opening the Edit dialog…' })).toBeInTheDocument()
    expect(await waitForFailure()).toHaveTextContent(PAGE_CODE)
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
  })

  it('opens at once when a preload brought the code after a first failed attempt', async () => {
    let first = true
    const flaky = lazyWithPreload<DialogProps>(() => {
      if (first) {
        first = false
        return Promise.reject(missingCode())
      }
      return Promise.resolve(EditFileDialog as ComponentType<DialogProps>)
    })
    flaky.preload()
    await act(() => vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAYS_MS[0]))
    render(<Screen Dialog={flaky} />)
    await press('Edit')
    expect(screen.getByRole('dialog', { name: 'Edit File' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
