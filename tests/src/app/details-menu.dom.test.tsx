import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { card, choose, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { OPEN_FILE_WORDS } from '../../../src/features/library/file-from-server'
import { listFiles, seedFiles, server, setupScreenServer, trashFiles } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

/** The file menu, right-click and More alike: spec section 2's four, then the file's other commands. */
const MENU_ITEMS = [
  'View Details',
  'Edit',
  'Download',
  'Delete',
  'Rename',
  'Move to…',
  'Copy link',
  'Share link (expires)…',
  'Replace file…',
]

async function openDetails(user: ReturnType<typeof renderScreen>['user'], title: string) {
  await user.click(within(await card(title)).getByRole('button', { name: /^View / }))
  return screen.findByRole('dialog', { name: title })
}

describe('right-click menu', () => {
  it("offers the spec's View Details, Edit, Download and Delete, then Rename, Move to, Copy link, Share link and Replace file, and closes on a choice", async () => {
    await seedFiles([{ title: 'Banner', media_url: 'https://cdn.example.test/banner.png' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(MENU_ITEMS)
    expect(within(menu).getAllByRole('separator')).toHaveLength(1)
    await user.click(within(menu).getByRole('menuitem', { name: 'View Details' }))
    expect(await screen.findByRole('dialog', { name: 'Banner' })).toBeInTheDocument()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('Edit opens the Edit File dialog and Delete asks to confirm, each closing the menu', async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }))
    expect(await screen.findByRole('dialog', { name: 'Edit File' })).toBeInTheDocument()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to delete "Banner"?',
    )
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it("a card's More button offers the right-click menu's commands, for touch and keyboard", async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    await card('Banner')
    await user.click(screen.getByRole('button', { name: 'More actions for Banner' }))
    const menu = await screen.findByRole('menu', { name: 'More actions for Banner' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(MENU_ITEMS)
    await user.click(within(menu).getByRole('menuitem', { name: 'Rename' }))
    expect(await screen.findByRole('textbox', { name: 'Title of Banner' })).toHaveFocus()
  })

  it('Share link (expires)… makes a link that lasts the time chosen and copies it', async () => {
    const [banner] = await seedFiles([{ title: 'Banner' }])
    const asked: { id: unknown; body: unknown }[] = []
    const shareId = `${String(banner?.id)}-AAAAAAAAAAAAAAAAAAAAAA`
    const url = `https://media.example.test/api/shared/${shareId}/signature`
    server.use(
      http.post('*/api/share/:id', async ({ request, params }) => {
        asked.push({ id: params.id, body: await request.json() })
        return HttpResponse.json(
          { id: shareId, url, expires_at: '2026-12-01T10:00:00.000Z' },
          { status: 201 },
        )
      }),
    )
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Share link (expires)…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share link' })
    expect(dialog).toHaveTextContent('Anyone with the link can open "Banner" until it expires')
    await choose(user, 'Link expires after', '1 hour')
    await user.click(within(dialog).getByRole('button', { name: 'Create and copy link' }))
    expect(await screen.findByText('Share link copied', { selector: '[data-title]' })).toBeInTheDocument()
    expect(asked).toEqual([{ id: String(banner?.id), body: { expires_in_hours: 1 } }])
    expect(await navigator.clipboard.readText()).toBe(url)
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Share link' })).not.toBeInTheDocument()
    })
  })

  it('Move to… opens the Move dialog for the one file, and Rename edits its title in place', async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }))
    expect(await screen.findByRole('dialog', { name: /Move/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }))
    expect(await screen.findByRole('textbox', { name: 'Title of Banner' })).toHaveValue('Banner')
  })
})

describe('Details dialog', () => {
  it('offers Delete: Details closes and the delete is confirmed as from the menu', async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'View Details' }))
    const details = await screen.findByRole('dialog', { name: 'Banner' })
    await user.click(within(details).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to delete "Banner"?',
    )
    expect(screen.queryByRole('dialog', { name: 'Banner' })).not.toBeInTheDocument()
  })

  it('shows description, type, size, created, author and tags', async () => {
    await seedFiles([
      {
        title: 'Banner',
        media_url: 'https://cdn.example.test/banner.png',
        description: 'Homepage hero',
        author: 'Dana',
        tags: ['launch', 'hero'],
        file_size: 2048,
        created_at: '2026-03-10T12:00:00Z',
      },
    ])
    const { user } = renderScreen()
    const dialog = await openDetails(user, 'Banner')
    const field = (name: string) => within(dialog).getByText(name).nextElementSibling?.textContent
    expect(field('Description')).toBe('Homepage hero')
    expect(field('Type')).toBe('PNG image image/png')
    expect(field('Category')).toBe('Images')
    expect(field('Size')).toBe('2 KB')
    expect(field('Created')).toContain('2026')
    expect(field('Author')).toBe('Dana')
    expect(field('Tags')).toBe('launchhero')
  })

  it('shows images and videos at most 24rem high', async () => {
    await seedFiles([
      { title: 'Banner', media_url: 'https://cdn.example.test/banner.png' },
      { title: 'Spot', media_url: 'https://cdn.example.test/spot.mp4' },
    ])
    const { user } = renderScreen()
    const image = within(await openDetails(user, 'Banner')).getByRole('img', { name: 'Banner' })
    expect(image).toHaveAttribute('src', 'https://cdn.example.test/banner.png')
    expect(image).toHaveStyle({ maxHeight: '24rem' })
    await user.keyboard('{Escape}')
    const dialog = await openDetails(user, 'Spot')
    const video = dialog.querySelector('video')
    expect(video).toHaveAttribute('src', 'https://cdn.example.test/spot.mp4')
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveStyle({ maxHeight: '24rem' })
  })

  it('frames PDFs 600px high, and asks for a public link before sending an Office file to the viewer', async () => {
    await seedFiles([
      { title: 'Report', media_url: 'https://cdn.example.test/report.pdf' },
      { title: 'Brief', media_url: '/api/files/7/brief.docx' },
    ])
    const { user } = renderScreen()
    const pdf = within(await openDetails(user, 'Report')).getByTitle('Report (PDF)')
    expect(pdf).toHaveStyle({ height: '600px' })
    await user.keyboard('{Escape}')
    // The test page is on localhost, which Microsoft's viewer cannot reach.
    const brief = await openDetails(user, 'Brief')
    expect(within(brief).getByRole('note', { name: 'Preview needs a public link' })).toBeInTheDocument()
    expect(within(brief).queryByTitle('Brief (Office viewer)')).not.toBeInTheDocument()
  })

  it('shows audio in a player, and Preview not available with Download File otherwise', async () => {
    await seedFiles([
      { title: 'Pack', media_url: 'https://cdn.example.test/pack.tar' },
      { title: 'Tone', media_url: 'https://cdn.example.test/tone.mp3' },
    ])
    const { user } = renderScreen()
    const tone = await openDetails(user, 'Tone')
    expect(tone.querySelector('audio')).toHaveAttribute('src', 'https://cdn.example.test/tone.mp3')
    expect(within(tone).queryByText('Preview not available for this file type')).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    const dialog = await openDetails(user, 'Pack')
    expect(within(dialog).getByText('Preview not available for this file type')).toBeInTheDocument()
    const link = within(dialog).getByRole('link', { name: 'Download File' })
    expect(link).toHaveAttribute('href', 'https://cdn.example.test/pack.tar')
    expect(link).toHaveAttribute('download')
    expect(within(dialog).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument()
  })

  it('moves to the file before or after in the list with Left and Right', async () => {
    await seedFiles([{ title: 'Alpha' }, { title: 'Bravo' }, { title: 'Charlie' }])
    const { user } = renderScreen()
    await openDetails(user, 'Bravo')
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('dialog', { name: 'Charlie' })).toBeInTheDocument()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(await screen.findByRole('dialog', { name: 'Alpha' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(window.location.search).not.toContain('file=')
  })

  it('puts the open file in the address: a link opens it and Back closes it', async () => {
    const [, second] = await seedFiles([{ title: 'First' }, { title: 'Second' }])
    const { user } = renderScreen(`/?file=${String(second?.id)}`)
    expect(await screen.findByRole('dialog', { name: 'Second' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(window.location.search).toBe('')
    await openDetails(user, 'First')
    expect(window.location.search).toBe('?file=1')
    window.history.back()
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
  })

  it('opens a file added since the library loaded, asking the server for it', async () => {
    await seedFiles([{ title: 'First' }])
    renderScreen()
    await card('First')
    const [added] = await seedFiles([{ title: 'Added elsewhere' }])
    act(() => {
      window.history.pushState(null, '', `/?file=${String(added?.id)}`)
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(await screen.findByRole('dialog', { name: 'Added elsewhere' })).toBeInTheDocument()
  })

  it('says once when the server cannot be asked for a linked file, and keeps the file in the address', async () => {
    await seedFiles([{ title: 'First' }])
    renderScreen()
    await card('First')
    const [added] = await seedFiles([{ title: 'Added elsewhere' }])
    const path = `/?file=${String(added?.id)}`
    server.use(http.get(`*/api/media/${String(added?.id)}`, () => HttpResponse.error()))
    act(() => {
      window.history.pushState(null, '', path)
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(await screen.findByText(OPEN_FILE_WORDS.failed(added?.id ?? 0))).toBeInTheDocument()
    expect(window.location.pathname + window.location.search).toBe(path)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens a link to a file in the trash in the Trash, whose Restore puts it back and opens it in the library', async () => {
    const [, second] = await seedFiles([{ title: 'First' }, { title: 'Binned' }])
    await trashFiles([second?.id ?? 0])
    const { user } = renderScreen(`/?file=${String(second?.id)}`)
    const details = await screen.findByRole('dialog', { name: 'Binned' })
    expect(within(details).getByText(/^In the trash since /)).toBeInTheDocument()
    expect(window.location.search).toBe(`?file=${String(second?.id)}&trash=1`)
    // Over the Trash view, which the dialog hides from the accessibility tree while it is open.
    expect(await screen.findByRole('heading', { name: 'Trash', hidden: true })).toBeInTheDocument()

    await user.click(within(details).getByRole('button', { name: 'Restore' }))
    const restored = await screen.findByRole('dialog', { name: 'Binned' })
    expect(await within(restored).findByRole('button', { name: /^Edit/ })).toBeInTheDocument()
    await waitFor(async () => {
      expect((await listFiles()).records.map((record) => record.title)).toContain('Binned')
    })
    await user.keyboard('{Escape}')
    expect(await card('Binned')).toBeInTheDocument()
  })

  it('says why a link to a file deleted for good opens nothing', async () => {
    await seedFiles([{ title: 'First' }])
    renderScreen('/?file=404')
    expect(await screen.findByText(OPEN_FILE_WORDS.gone(404))).toBeInTheDocument()
    await waitFor(() => {
      expect(window.location.search).toBe('')
    })
  })

  it('returns focus to the button that opened it', async () => {
    await seedFiles([{ title: 'First' }])
    const { user } = renderScreen()
    const view = within(await card('First')).getByRole('button', { name: /^View / })
    await user.click(view)
    const dialog = await screen.findByRole('dialog', { name: 'First' })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(view).toHaveFocus()
    })
  })
})
