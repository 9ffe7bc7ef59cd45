import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SyntheticEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { FormFooter } from '../../../../src/components/ui/form-footer'

describe('the form footer', () => {
  it('shows the error line as an alert with its id, then Cancel and the submit button', async () => {
    const onCancel = vi.fn()
    const onSubmit = vi.fn((event: SyntheticEvent) => {
      event.preventDefault()
    })
    const { container } = render(
      <form onSubmit={onSubmit}>
        <FormFooter
          error="Folder name is taken"
          errorId="name-error"
          onCancel={onCancel}
          submitLabel="Create"
        />
      </form>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Folder name is taken')
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'name-error')
    const buttons = container.querySelectorAll('.dialog__actions button')
    expect([...buttons].map((button) => button.textContent)).toEqual(['Cancel', 'Create'])
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('shows no error line while there is none', () => {
    for (const error of [null, undefined, false, '']) {
      const { unmount } = render(<FormFooter error={error} onCancel={vi.fn()} submitLabel="Save" />)
      expect(screen.queryByRole('alert')).toBeNull()
      unmount()
    }
  })

  it('while sending, shows the pending label on a busy submit button that keeps the focus and sends nothing more', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn((event: SyntheticEvent) => {
      event.preventDefault()
    })
    const footer = (pending: boolean) => (
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <FormFooter
          onCancel={vi.fn()}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={pending}
        />
      </form>
    )
    const { rerender } = render(footer(false))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(onSubmit).toHaveBeenCalledOnce()
    rerender(footer(true))
    const busy = screen.getByRole('button', { name: 'Saving...' })
    // Not disabled: a disabled button drops the focus to the page.
    expect(busy).not.toBeDisabled()
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(busy).toHaveFocus()
    await user.click(busy)
    await user.type(screen.getByLabelText('Name'), 'x{Enter}')
    expect(onSubmit).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    rerender(<FormFooter onCancel={vi.fn()} submitLabel="Save Changes" pendingLabel="Saving..." disabled />)
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
  })

  it('runs onSubmit from a plain button where the dialog has no form, with a note above the buttons', async () => {
    const onSubmit = vi.fn()
    render(
      <FormFooter
        onCancel={vi.fn()}
        submitLabel="Start upload"
        onSubmit={onSubmit}
        note={<p>The folder is already there.</p>}
      />,
    )
    const start = screen.getByRole('button', { name: 'Start upload' })
    expect(start).toHaveAttribute('type', 'button')
    expect(screen.getByText('The folder is already there.').compareDocumentPosition(start)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    await userEvent.click(start)
    expect(onSubmit).toHaveBeenCalledOnce()
  })
})
