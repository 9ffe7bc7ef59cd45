import { act, createEvent, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { applyTheme, followThemeChanges, setThemeChoice } from '../../../src/app/theme'
import { THEME_STORAGE_KEY } from '../../../src/lib/storage-names'
import { FILE_DRAG_TYPE } from '../../../src/lib/drag'
import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { seedFiles, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

let matchMedia: typeof window.matchMedia
beforeEach(() => {
  window.localStorage.clear()
  delete document.documentElement.dataset.theme
  matchMedia = window.matchMedia.bind(window)
})
afterEach(() => {
  vi.restoreAllMocks()
  window.matchMedia = matchMedia
})

const themeGroup = () => screen.getByRole('group', { name: 'Theme' })
const root = document.documentElement

/** A system whose colour scheme the test sets, telling the page as a real one would. */
function systemScheme(dark: boolean) {
  const state = { dark }
  const listeners = new Set<() => void>()
  const fallback = window.matchMedia.bind(window)
  window.matchMedia = (query: string) => {
    if (query !== '(prefers-color-scheme: dark)') return fallback(query)
    const list = fallback(query)
    Object.defineProperty(list, 'matches', { get: () => state.dark })
    list.addEventListener = (_type: string, listener: EventListenerOrEventListenerObject) => {
      if (typeof listener === 'function')
        listeners.add(() => {
          listener(new Event('change'))
        })
    }
    return list
  }
  return {
    set(next: boolean) {
      state.dark = next
      act(() => {
        for (const listener of listeners) listener()
      })
    },
  }
}

describe('the Theme switch', () => {
  it('starts on System and shows the theme chosen on the page, kept on this device for the next visit', async () => {
    await seedFiles([{ title: 'Banner' }])
    const first = renderScreen()
    await card('Banner')
    const system = within(themeGroup()).getByRole('button', { name: 'System' })
    expect(system).toHaveAttribute('aria-pressed', 'true')

    await first.user.click(within(themeGroup()).getByRole('button', { name: 'Dark' }))
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.colorScheme).toBe('dark')
    expect(window.location.search).toBe('')
    first.unmount()

    renderScreen()
    await card('Banner')
    expect(within(themeGroup()).getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(themeGroup()).getByRole('button', { name: 'System' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })

  it("follows the system's scheme on System, as it changes, and ignores it on Light", () => {
    const system = systemScheme(true)
    applyTheme()
    followThemeChanges()
    expect(root.dataset.theme).toBe('dark')
    system.set(false)
    expect(root.dataset.theme).toBe('light')
    setThemeChoice('light')
    system.set(true)
    expect(root.dataset.theme).toBe('light')
    setThemeChoice('system')
    expect(root.dataset.theme).toBe('dark')
  })

  it('takes System for a stored value it does not know, and keeps a choice in the tab when storage refuses it', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia')
    applyTheme()
    expect(root.dataset.theme).toBe('light')

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Blocked', 'SecurityError')
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setThemeChoice('dark')
    expect(root.dataset.theme).toBe('dark')
    expect(warn).toHaveBeenCalledOnce()
    vi.restoreAllMocks()
    setThemeChoice('system')
  })
})

const photo = () => new File(['png'], 'photo.png', { type: 'image/png' })
/** What a drag from the file manager carries: the Files type, and the files at the drop. */
const filesTransfer = (files: File[]) => ({ types: ['Files'], files })

describe('files dropped or pasted on the page', () => {
  it('names the folder while files are dragged over the page, and a drop opens the Upload dialog with them', async () => {
    renderScreen('/?folder=%2FPhotos%2F2024')
    const main = await screen.findByRole('main', { hidden: true })
    fireEvent.dragEnter(main, { dataTransfer: filesTransfer([]) })
    expect(screen.getByText('Drop files to upload to Photos / 2024')).toBeInTheDocument()
    // Accepting the drag is what stops the browser opening a dropped file in place of the page.
    expect(fireEvent.dragOver(main, { dataTransfer: filesTransfer([]) })).toBe(false)

    const drop = createEvent.drop(main, { dataTransfer: filesTransfer([photo()]) })
    fireEvent(main, drop)
    expect(drop.defaultPrevented).toBe(true)
    expect(screen.queryByText('Drop files to upload to Photos / 2024')).toBeNull()
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' })
    expect(await within(dialog).findByRole('listitem', { name: 'photo.png' })).toBeInTheDocument()
    expect(window.location.search).toBe('?folder=%2FPhotos%2F2024')
  })

  it('hides the overlay when the drag leaves the page, and says so in the Trash view', async () => {
    renderScreen('/?trash=1')
    await screen.findByRole('heading', { name: 'Trash' })
    fireEvent.dragEnter(document.body, { dataTransfer: filesTransfer([]) })
    expect(screen.getByText('Drop files to upload to All files')).toBeInTheDocument()
    expect(screen.getByText('Files cannot go into the Trash; they go to All files.')).toBeInTheDocument()
    fireEvent.dragLeave(document.body, { dataTransfer: filesTransfer([]) })
    expect(screen.queryByText('Drop files to upload to All files')).toBeNull()
  })

  it("shows nothing for the screen's own cards dragged to a folder, and leaves their drop alone", async () => {
    await seedFiles([{ title: 'Banner' }])
    renderScreen()
    const banner = await card('Banner')
    const own = { types: [FILE_DRAG_TYPE], files: [], getData: () => '[1]' }
    fireEvent.dragEnter(banner, { dataTransfer: own })
    expect(screen.queryByText(/Drop files to upload/)).toBeNull()
    expect(fireEvent.dragOver(banner, { dataTransfer: own })).toBe(true)
  })

  it("leaves a drop on the open Upload dialog's own zone to the dialog, which adds the file once", async () => {
    const { user } = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Upload' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' })
    const zone = within(dialog).getByText(/Drag files here/)
    const file = photo()
    fireEvent.drop(zone, {
      dataTransfer: {
        types: ['Files'],
        files: [file],
        items: [{ kind: 'file', type: file.type, getAsFile: () => file }],
      },
    })
    expect(await within(dialog).findByRole('listitem', { name: 'photo.png' })).toBeInTheDocument()
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1)
  })

  it('puts dropped files through the same checks as the dialog: more than 10 adds none', async () => {
    renderScreen()
    await screen.findByRole('main', { hidden: true })
    const files = Array.from({ length: 11 }, (_, index) => new File(['x'], `f${String(index)}.txt`))
    fireEvent.drop(document.body, { dataTransfer: filesTransfer(files) })
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Maximum 10 files allowed per batch upload',
    )
    expect(within(dialog).queryByRole('list', { name: 'Files to upload' })).toBeNull()
  })

  it('opens the Upload dialog with a pasted file, and leaves pasted text to the field it goes in', async () => {
    const { user } = renderScreen()
    const search = await screen.findByRole('searchbox', { name: 'Search files' })
    await user.click(search)
    await user.paste('sunset')
    expect(search).toHaveValue('sunset')
    expect(screen.queryByRole('dialog', { name: 'Upload Files' })).toBeNull()

    const paste = createEvent.paste(document.body, {
      clipboardData: { types: ['Files'], files: [photo()] },
    })
    fireEvent(document.body, paste)
    expect(paste.defaultPrevented).toBe(true)
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' })
    expect(await within(dialog).findByRole('listitem', { name: 'photo.png' })).toBeInTheDocument()
  })
})
