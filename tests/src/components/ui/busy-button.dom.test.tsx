import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { busyButton } from '../../../../src/components/ui/busy-button'

describe('busyButton', () => {
  it('runs the press while not busy', async () => {
    const onPress = vi.fn()
    render(
      <button type="button" {...busyButton(false, onPress)}>
        Revoke
      </button>,
    )
    const button = screen.getByRole('button', { name: 'Revoke' })
    expect(button).not.toHaveAttribute('aria-disabled')
    await userEvent.click(button)
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('is busy, not disabled, while its call runs: it keeps the focus and a press does nothing', async () => {
    const onPress = vi.fn()
    render(
      <button type="button" {...busyButton(true, onPress)}>
        Revoking
      </button>,
    )
    const button = screen.getByRole('button', { name: 'Revoking' })
    button.focus()
    expect(button).toBeEnabled()
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(button)
    expect(onPress).not.toHaveBeenCalled()
    expect(button).toHaveFocus()
  })

  it('keeps a busy submit button from sending its form again, Enter in a field included', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault()
    })
    render(
      <form aria-label="Invite" onSubmit={onSubmit}>
        <input aria-label="Email" defaultValue="vera@example.com" />
        <button type="submit" {...busyButton(true)}>
          Inviting…
        </button>
      </form>,
    )
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), '{Enter}')
    fireEvent.click(screen.getByRole('button', { name: 'Inviting…' }))
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
