import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Trash } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'

import type { MediaRecord } from '../../../../../src/contract/record'
import { BulkPanel } from '../../../../../src/features/bulk-actions/components/bulk-panel'
import type { FileAction } from '../../../../../src/features/commands'

describe('the bulk panel while a selection is gathered', () => {
  it('keeps the pressed button focused and busy, not disabled, and runs the action once when the files are in', async () => {
    const user = userEvent.setup()
    const gathered = Promise.withResolvers<readonly MediaRecord[]>()
    const perform = vi.fn()
    const deleteAction = {
      name: 'delete',
      label: 'Delete',
      icon: Trash,
      danger: true,
      perform,
    } as unknown as FileAction
    render(
      <BulkPanel
        count={2}
        actions={[deleteAction]}
        targets={() => gathered.promise}
        onClear={() => undefined}
      />,
    )
    const button = screen.getByRole('button', { name: 'Delete' })
    button.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('status')).toHaveTextContent('Preparing 0 of 2 files...')
    // A disabled button would lose the focus to the page, and the confirmation would return it there.
    expect(button).not.toBeDisabled()
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveFocus()
    await user.keyboard('{Enter}')
    gathered.resolve([])
    await vi.waitFor(() => {
      expect(perform).toHaveBeenCalledTimes(1)
    })
    expect(perform).toHaveBeenCalledWith([], 'bulk')
    expect(button).not.toHaveAttribute('aria-disabled')
    expect(button).toHaveFocus()
  })
})
