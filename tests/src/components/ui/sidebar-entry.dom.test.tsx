import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Globe, Trash2 } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'

import { SidebarEntry } from '../../../../src/components/ui/sidebar-entry'

describe('a sidebar entry', () => {
  it('is a button named by its label that opens its view, loading its code first on hover or focus', async () => {
    const onOpen = vi.fn()
    const onPreload = vi.fn()
    render(<SidebarEntry icon={Globe} label="Webflow" onOpen={onOpen} onPreload={onPreload} />)
    const user = userEvent.setup()
    const entry = screen.getByRole('button', { name: 'Webflow' })
    await user.hover(entry)
    expect(onPreload).toHaveBeenCalled()
    expect(onOpen).not.toHaveBeenCalled()
    await user.click(entry)
    expect(onOpen).toHaveBeenCalledOnce()
    expect(entry).not.toHaveAttribute('aria-current')
  })

  it('is marked as the current page, and selected, while its view is shown', () => {
    render(<SidebarEntry icon={Trash2} label="Trash" className="trash-entry" current onOpen={vi.fn()} />)
    const entry = screen.getByRole('button', { name: 'Trash' })
    expect(entry).toHaveAttribute('aria-current', 'page')
    expect(entry).toHaveClass('tree__item', 'trash-entry', 'tree__item--selected')
  })

  it('shows a short status after its label', () => {
    render(<SidebarEntry icon={Globe} label="Webflow" note="Syncing…" onOpen={vi.fn()} />)
    expect(screen.getByRole('button', { name: /^Webflow/ })).toHaveTextContent(/^WebflowSyncing…$/)
  })
})
