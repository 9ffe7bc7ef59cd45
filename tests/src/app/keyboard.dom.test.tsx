import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { listFiles, seedFiles, seedFolder, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

const SIX = ['A', 'B', 'C', 'D', 'E', 'F'].map((title) => ({ title }))

function checked(): string[] {
  return screen
    .getAllByRole('checkbox', { checked: true })
    .map((box) => box.getAttribute('aria-label')?.replace('Select ', '') ?? '')
}

describe('selection with mouse and keyboard', () => {
  it('selects a range with shift-click and toggles one with ctrl/cmd-click', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    await user.click(within(await card('B')).getByRole('checkbox'))
    await user.keyboard('{Shift>}')
    await user.click(within(await card('E')).getByRole('checkbox'))
    await user.keyboard('{/Shift}')
    expect(checked()).toEqual(['B', 'C', 'D', 'E'])
    await user.keyboard('{Control>}')
    await user.click(await card('C'))
    await user.keyboard('{/Control}')
    expect(checked()).toEqual(['B', 'D', 'E'])
  })

  it('a plain click selects that file alone, a double-click opens it, and a tap on a touch screen opens it', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    await user.click(within(await card('A')).getByRole('checkbox'))
    await user.click(within(await card('B')).getByRole('checkbox'))
    await user.click(await card('D'))
    expect(checked()).toEqual(['D'])
    expect(await card('D')).toHaveFocus()
    await user.dblClick(await card('E'))
    expect(await screen.findByRole('dialog', { name: 'E' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(checked()).toEqual(['E'])
    // Browsers dispatch a tap's click as a pointer event naming its pointer.
    fireEvent(await card('F'), new PointerEvent('click', { bubbles: true, pointerType: 'touch' }))
    expect(await screen.findByRole('dialog', { name: 'F' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(checked()).toEqual(['E'])
  })

  it('Ctrl+A selects every file shown, but stays text selection inside the search box', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    ;(await card('A')).focus()
    await user.keyboard('{Control>}a{/Control}')
    expect(screen.getByText('6 selected')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.getByText('0 selected')).toBeInTheDocument()
    await user.click(screen.getByPlaceholderText('Search files...'))
    await user.keyboard('{Control>}a{/Control}')
    expect(screen.getByText('0 selected')).toBeInTheDocument()
  })

  it('moves focus with the arrow keys, toggles with Space and opens with Enter', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    const first = await card('A')
    expect(first).toHaveAttribute('tabindex', '0')
    expect(await card('B')).toHaveAttribute('tabindex', '-1')
    first.focus()
    await user.keyboard('{ArrowRight}')
    expect(await card('B')).toHaveFocus()
    // Four cards fit a row of the 1024px-wide test viewport: Down moves one row.
    await user.keyboard('{ArrowDown}')
    expect(await card('F')).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowLeft}')
    expect(await card('A')).toHaveFocus()
    await user.keyboard('{End}')
    expect(await card('F')).toHaveFocus()
    await user.keyboard(' ')
    expect(checked()).toEqual(['F'])
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'F' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(await card('F')).toHaveFocus()
  })

  it('Delete asks about the selection, or about the focused file when nothing is selected', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    const a = await card('A')
    a.focus()
    await user.keyboard('{Delete}')
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Are you sure you want to delete "A"?')
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    await user.click(within(await card('B')).getByRole('checkbox'))
    await user.click(within(await card('C')).getByRole('checkbox'))
    await user.keyboard('{Delete}')
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete 2 files?')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(async () => {
      expect((await listFiles()).records.map((record) => record.title)).toEqual(['A', 'D', 'E', 'F'])
    })
  })

  it("Delete with nothing selected or focused says 'No files selected for bulk operation'", async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    await card('A')
    document.body.focus()
    await user.keyboard('{Delete}')
    expect(await screen.findByText('No files selected for bulk operation')).toBeInTheDocument()
  })

  it('returns focus to the Edit button after the Edit File dialog closes', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    const edit = within(await card('A')).getByRole('button', { name: /^Edit / })
    await user.click(edit)
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' })
    expect(within(dialog).getByLabelText('Title')).toHaveFocus()
    await user.tab({ shift: true })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(edit).toHaveFocus()
    })
  })
})

describe('drag to a folder', () => {
  it('moves the dragged selection to the folder it is dropped on', async () => {
    await seedFolder('Campaigns')
    await seedFiles(SIX)
    const { user } = renderScreen()
    await user.click(within(await card('A')).getByRole('checkbox'))
    await user.click(within(await card('B')).getByRole('checkbox'))
    const data = new Map<string, string>()
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()]
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    }
    fireEvent.dragStart(await card('A'), { dataTransfer })
    const target = screen.getByRole('treeitem', { name: 'Campaigns' })
    fireEvent.dragOver(target, { dataTransfer })
    fireEvent.drop(target, { dataTransfer })
    expect(await screen.findByText('2 files processed successfully')).toBeInTheDocument()
    const { records } = await listFiles()
    expect(
      records.filter((record) => record.folder_path === '/Campaigns').map((record) => record.title),
    ).toEqual(['A', 'B'])
  })
})
