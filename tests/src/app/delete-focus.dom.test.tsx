import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { card, installBrowserGaps, renderScreen, shownTitles } from '../../support/screen-render'
import { listFiles, seedFiles, seedFolder, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

const SIX = ['A', 'B', 'C', 'D', 'E', 'F'].map((title) => ({ title }))

const toast = (text: string) => screen.findByText(text, { selector: '[data-title]' })

async function storedTitles(): Promise<string[]> {
  return (await listFiles()).records.map((record) => record.title)
}

/** Confirms the open delete confirmation from the keyboard: Cancel holds the focus, Tab reaches Delete. */
async function confirmByKeyboard(user: User) {
  const confirm = await screen.findByRole('alertdialog')
  await user.keyboard('{Tab}')
  expect(within(confirm).getByRole('button', { name: 'Delete' })).toHaveFocus()
  await user.keyboard('{Enter}')
}

/**
 * Waits until `title`'s card holds the focus and is the file in the tab order: two steps, since the card
 * becomes the tab stop in the render its focus sets off, which a busy run may commit a moment later.
 */
async function expectFocusOn(title: string) {
  await waitFor(async () => {
    const focused = await card(title)
    expect(focused).toHaveFocus()
    expect(focused).toHaveAttribute('tabindex', '0')
  })
}

describe('the focus after a delete', () => {
  it('goes to the file that takes the deleted one’s place, or the one before when it was the last', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    ;(await card('C')).focus()
    await user.keyboard('{Delete}')
    await confirmByKeyboard(user)
    await expectFocusOn('D')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'B', 'D', 'E', 'F'])
    })

    await user.keyboard('{End}')
    await expectFocusOn('F')
    await user.keyboard('{Delete}')
    await confirmByKeyboard(user)
    await expectFocusOn('E')
    // The arrow keys go on from there.
    await user.keyboard('{ArrowLeft}')
    await expectFocusOn('D')
    expect(await storedTitles()).toEqual(['A', 'B', 'D', 'E'])
  })

  it('does the same after a delete from the right-click menu and from Details', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('B'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await expectFocusOn('C')

    await user.keyboard('{Enter}')
    const details = await screen.findByRole('dialog', { name: 'C' })
    await user.click(within(details).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await expectFocusOn('D')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'D', 'E', 'F'])
    })
  })

  it('goes past a bulk delete of the selection to the first file left after it', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    for (const title of ['B', 'C', 'E']) {
      await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
    }
    await user.keyboard('{Delete}')
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('delete 3 files?')
    await confirmByKeyboard(user)
    await expectFocusOn('D')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'D', 'F'])
    })
  })

  it('goes to the empty state when no file is left, and back to the file after Cancel', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    const a = await card('A')
    a.focus()
    await user.keyboard('{Delete}')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(a).toHaveFocus()
    })

    await user.keyboard('{Control>}a{/Control}{Delete}')
    await confirmByKeyboard(user)
    await expectFocusOnEmptyState()
  })

  it('goes to the empty state after the last file shown is deleted, and Undo brings it back to the file', async () => {
    await seedFiles([{ title: 'A' }])
    const { user } = renderScreen()
    ;(await card('A')).focus()
    await user.keyboard('{Delete}')
    await confirmByKeyboard(user)
    await expectFocusOnEmptyState()
    expect(document.body).not.toHaveFocus()

    const deleted = (await toast('"A" deleted')).closest<HTMLElement>('[data-sonner-toast]')
    if (deleted === null) throw new Error('no toast')
    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    expect(await toast('"A" restored')).toBeInTheDocument()
    await expectFocusOn('A')
  })

  it('after a bulk delete, Undo gives the focus to the first file restored', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    for (const title of ['B', 'C']) {
      await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
    }
    await user.keyboard('{Delete}')
    await confirmByKeyboard(user)
    await expectFocusOn('D')
    await user.keyboard('{Control>}z{/Control}')
    await waitFor(() => {
      expect(shownTitles()).toEqual(SIX.map((file) => file.title))
    })
    await expectFocusOn('B')
  })
})

/** Waits until the empty state, drawn in place of the last files, holds the focus. */
/** The empty state holds the focus; its words are asked afresh each time, as they show again after a reload. */
async function expectFocusOnEmptyState() {
  await waitFor(() => {
    expect(screen.getByText('No files found').closest('.results-state')).toHaveFocus()
  })
}

describe('Undo in one key', () => {
  it('Ctrl+Z runs the newest toast’s Undo while it shows, and its button says so', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    ;(await card('B')).focus()
    await user.keyboard('{Delete}')
    await confirmByKeyboard(user)
    // The pointer rests on the toasts, as a person's does reading them: sonner holds their 4 s timers
    // meanwhile, so "B" deleted still shows for the second Undo however long a loaded machine takes.
    await user.hover(await toast('"B" deleted'))
    await expectFocusOn('C')
    await user.keyboard('{Delete}')
    await confirmByKeyboard(user)
    const deleted = (await toast('"C" deleted')).closest<HTMLElement>('[data-sonner-toast]')
    if (deleted === null) throw new Error('no toast')
    const undo = within(deleted).getByRole('button', { name: 'Undo' })
    expect(undo).toHaveAttribute('aria-keyshortcuts', 'Control+Z Meta+Z')
    expect(undo).toHaveTextContent('Ctrl+Z')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'D', 'E', 'F'])
    })

    await user.keyboard('{Control>}z{/Control}')
    expect(await toast('"C" restored')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'C', 'D', 'E', 'F'])
    })
    // The next press undoes the delete before, whose toast still shows.
    await user.keyboard('{Meta>}z{/Meta}')
    expect(await toast('"B" restored')).toBeInTheDocument()
    await waitFor(async () => {
      expect(await storedTitles()).toEqual(SIX.map((file) => file.title))
    })
  })

  it('undoes a move too, and leaves Ctrl+Z to a text field', async () => {
    await seedFolder('Archive')
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('A'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await toast('"A" deleted')
    const search = screen.getByPlaceholderText('Search files...')
    await user.click(search)
    await user.keyboard('{Control>}z{/Control}')
    expect(await storedTitles()).toEqual(['B'])

    const dragged = await card('B')
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
    fireEvent.dragStart(dragged, { dataTransfer })
    const target = screen.getByRole('treeitem', { name: 'Archive' })
    fireEvent.dragOver(target, { dataTransfer })
    fireEvent.drop(target, { dataTransfer })
    await toast('1 file processed successfully')
    await waitFor(async () => {
      expect((await listFiles()).records.map((record) => record.folder_path)).toEqual(['/Archive'])
    })
    dragged.focus()
    await user.keyboard('{Control>}z{/Control}')
    await waitFor(async () => {
      expect((await listFiles()).records.map((record) => record.folder_path)).toEqual(['/'])
    })
  })

  it('is listed in the keyboard shortcuts under Files', async () => {
    await seedFiles(SIX)
    const { user } = renderScreen()
    ;(await card('A')).focus()
    await user.keyboard('?')
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const files = within(help).getByRole('region', { name: 'Files' })
    expect(files).toHaveTextContent('Ctrl+Z or ⌘ZUndo the last delete or move, while its message shows')
  })
})
