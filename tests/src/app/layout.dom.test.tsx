import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { NARROW_SCREEN } from '../../../src/app/use-media-query'
import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { seedFiles, seedFolder, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

/**
 * jsdom lays nothing out: the screen is told it is narrow by the one media query it asks. `resize`
 * changes the answer and tells the screen, as a rotated phone or a resized window would.
 */
function narrowScreen() {
  const state = { narrow: true }
  const listeners = new Set<EventListenerOrEventListenerObject>()
  const wide = window.matchMedia.bind(window)
  window.matchMedia = (query: string) => {
    const list = wide(query)
    Object.defineProperty(list, 'matches', { get: () => query === NARROW_SCREEN && state.narrow })
    list.addEventListener = (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.add(listener)
    }
    list.removeEventListener = (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.delete(listener)
    }
    return list
  }
  return {
    resize(narrow: boolean) {
      state.narrow = narrow
      act(() => {
        for (const listener of listeners) {
          if (typeof listener === 'function') listener(new Event('change'))
        }
      })
    },
  }
}

// Back to the wide screen every other test expects.
afterEach(() => {
  installBrowserGaps()
})

/** `behindDrawer`: the open drawer hides the rest of the page from assistive tech, the button too. */
function foldersButton(behindDrawer = false): HTMLElement {
  return screen.getByRole('button', { name: 'Folders', hidden: behindDrawer })
}

async function openDrawer(user: ReturnType<typeof renderScreen>['user']): Promise<HTMLElement> {
  await user.click(foldersButton())
  return screen.findByRole('dialog', { name: 'Folders' })
}

describe('the folder drawer on a narrow screen', () => {
  it('keeps the folders behind a Folders button, opens on the folder shown and closes on Escape', async () => {
    narrowScreen()
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    await card('Banner')
    expect(screen.queryByRole('tree', { name: 'Folders' })).not.toBeInTheDocument()
    expect(foldersButton()).toHaveAttribute('aria-expanded', 'false')

    const drawer = await openDrawer(user)
    expect(foldersButton(true)).toHaveAttribute('aria-expanded', 'true')
    expect(within(drawer).getByRole('tree', { name: 'Folders' })).toBeInTheDocument()
    await waitFor(() => {
      expect(within(drawer).getByRole('treeitem', { name: 'All files' })).toHaveFocus()
    })

    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Folders' })).not.toBeInTheDocument()
    })
    expect(foldersButton()).toHaveAttribute('aria-expanded', 'false')
    expect(foldersButton()).toHaveFocus()
  })

  it('closes when a folder is chosen, and shows that folder', async () => {
    narrowScreen()
    await seedFolder('Campaigns')
    await seedFiles([{ title: 'Banner' }, { title: 'Launch', folder_path: '/Campaigns' }])
    const { user } = renderScreen()
    await card('Banner')
    const drawer = await openDrawer(user)
    await user.click(await within(drawer).findByRole('treeitem', { name: 'Campaigns' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Folders' })).not.toBeInTheDocument()
    })
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Campaigns'),
    ).toHaveAttribute('aria-current', 'page')
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Banner' })).not.toBeInTheDocument()
    })
    expect(await card('Launch')).toBeInTheDocument()
  })

  it('closes when the Trash is chosen, and opens the Trash view', async () => {
    narrowScreen()
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const drawer = await openDrawer(user)
    await user.click(within(drawer).getByRole('button', { name: 'Trash' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Folders' })).not.toBeInTheDocument()
    })
    expect(await screen.findByRole('heading', { name: 'Trash' })).toBeInTheDocument()
  })

  it('closes when the window widens past it, and stays closed when it narrows again', async () => {
    const display = narrowScreen()
    const { user } = renderScreen()
    await screen.findByText('No files found')
    await openDrawer(user)
    display.resize(false)
    expect(screen.queryByRole('dialog', { name: 'Folders' })).not.toBeInTheDocument()
    expect(screen.getByRole('tree', { name: 'Folders' })).toBeInTheDocument()
    display.resize(true)
    expect(screen.queryByRole('dialog', { name: 'Folders' })).not.toBeInTheDocument()
    expect(foldersButton()).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('the sidebar on a wide screen', () => {
  it('shows the folders beside the files, with no Folders button', async () => {
    renderScreen()
    await screen.findByText('No files found')
    expect(screen.getByRole('tree', { name: 'Folders' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Folders' })).not.toBeInTheDocument()
  })
})

describe('the toolbar', () => {
  it('folds the filters behind a Filters button that says whether they are open', async () => {
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const toggle = screen.getByRole('button', { name: 'Filters' })
    const filters = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(filters).toContainElement(screen.getByRole('combobox', { name: 'Category' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(filters).not.toHaveAttribute('data-open')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(filters).toHaveAttribute('data-open')
  })

  it('leaves out search, filters, sort and view in the Trash view, and keeps New Folder and Upload', async () => {
    const { user } = renderScreen()
    await screen.findByText('No files found')
    const toolbar = screen.getByRole('toolbar', { name: 'Files' })
    expect(within(toolbar).getByPlaceholderText('Search files...')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Trash' }))
    await screen.findByRole('heading', { name: 'Trash' })
    expect(within(toolbar).queryByPlaceholderText('Search files...')).not.toBeInTheDocument()
    expect(within(toolbar).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(toolbar).queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument()
    expect(within(toolbar).queryByRole('button', { name: 'List' })).not.toBeInTheDocument()
    expect(within(toolbar).getByRole('button', { name: 'New Folder' })).toBeInTheDocument()
    expect(within(toolbar).getByRole('button', { name: 'Upload' })).toBeInTheDocument()

    await user.click(screen.getByRole('treeitem', { name: 'All files' }))
    expect(await within(toolbar).findByPlaceholderText('Search files...')).toBeInTheDocument()
  })
})

describe('Skip to files', () => {
  it('is the first Tab stop and takes focus to the first file', async () => {
    await seedFiles([{ title: 'Banner' }, { title: 'Poster' }])
    const { user } = renderScreen()
    const first = await card('Banner')
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to files' })
    expect(skip).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(first).toHaveFocus()
  })

  it('takes focus to the Trash view while it is open', async () => {
    const { user } = renderScreen()
    await screen.findByText('No files found')
    await user.click(screen.getByRole('button', { name: 'Trash' }))
    await screen.findByRole('heading', { name: 'Trash' })
    await user.click(screen.getByRole('link', { name: 'Skip to files' }))
    expect(screen.getByRole('main')).toHaveFocus()
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Trash' }))
  })
})
