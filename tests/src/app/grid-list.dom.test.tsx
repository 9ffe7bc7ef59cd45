import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { card, installBrowserGaps, renderScreen, shownTitles } from '../../support/screen-render'
import { seedFiles, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

describe('grid cards', () => {
  it('show checkbox, type icon, title, thumbnail, description, author, tags, size, date and actions', async () => {
    await seedFiles([
      {
        title: 'Launch banner',
        media_url: 'https://cdn.example.test/banner.png',
        description: 'Homepage hero',
        author: 'Dana',
        tags: ['launch', 'hero'],
        file_size: 1536,
        created_at: '2026-03-10T12:00:00Z',
      },
    ])
    renderScreen()
    const banner = await card('Launch banner')
    const inCard = within(banner)
    expect(inCard.getByRole('checkbox', { name: 'Select Launch banner' })).not.toBeChecked()
    expect(banner.querySelector('.file-icon')).toHaveAttribute('data-kind', 'image')
    expect(inCard.getByRole('heading', { name: 'Launch banner' })).toBeInTheDocument()
    expect(banner.querySelector('.thumbnail img')).toHaveAttribute(
      'src',
      'https://cdn.example.test/banner.png',
    )
    expect(inCard.getByText('Homepage hero')).toBeInTheDocument()
    expect(inCard.getByText('By: Dana')).toBeInTheDocument()
    expect(
      within(inCard.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['launch', 'hero'])
    expect(inCard.getByText('1.5 KB')).toBeInTheDocument()
    expect(
      inCard.getByText(
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
          Date.parse('2026-03-10T12:00:00Z'),
        ),
      ),
    ).toBeInTheDocument()
    // Named with the file they act on; the tooltip gives the command alone.
    for (const name of ['View', 'Edit', 'Download'])
      expect(inCard.getByRole('button', { name: `${name} Launch banner` })).toHaveAttribute('title', name)
  })

  it("show 'No description' and the default author 'Unknown'", async () => {
    await seedFiles([{ title: 'Bare' }])
    renderScreen()
    const bare = await card('Bare')
    expect(within(bare).getByText('No description')).toBeInTheDocument()
    expect(within(bare).getByText('By: Unknown')).toBeInTheDocument()
  })

  it.each([
    [0, '0 Bytes'],
    [500, '500 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [2_359_296, '2.25 MB'],
    [1_234_567_890, '1.15 GB'],
  ])('show %d bytes as %s (base 1024, two decimals)', async (bytes, text) => {
    await seedFiles([{ title: 'Sized', file_size: bytes }])
    renderScreen()
    expect(within(await card('Sized')).getByText(text)).toBeInTheDocument()
  })

  it('use the Image CDN for images on this site and placeholder icons for audio, office and archives', async () => {
    await seedFiles([
      { title: 'Local', media_url: '/api/files/abc/local.png' },
      {
        title: 'Remote thumb',
        media_url: 'https://cdn.example.test/r.jpg',
        thumbnail: 'https://cdn.example.test/r-150.jpg',
      },
      {
        title: 'Paper',
        media_url: 'https://cdn.example.test/p.pdf',
        thumbnail: 'https://cdn.example.test/p.jpg',
      },
      { title: 'Song', media_url: 'https://cdn.example.test/s.mp3' },
      { title: 'Sheet', media_url: 'https://cdn.example.test/s.xlsx' },
      { title: 'Pack', media_url: 'https://cdn.example.test/p.zip' },
    ])
    renderScreen()
    const src = async (title: string) =>
      (await card(title)).querySelector('.thumbnail img')?.getAttribute('src') ?? null
    expect(await src('Local')).toBe(
      '/.netlify/images?url=%2Fapi%2Ffiles%2Fabc%2Flocal.png&w=150&h=150&fit=cover',
    )
    expect(await src('Remote thumb')).toBe('https://cdn.example.test/r-150.jpg')
    expect(await src('Paper')).toBe('https://cdn.example.test/p.jpg')
    for (const title of ['Song', 'Sheet', 'Pack']) {
      expect(await src(title)).toBeNull()
      expect((await card(title)).querySelector('.thumbnail--icon svg')).not.toBeNull()
    }
  })
})

describe('grid and list views', () => {
  it('starts in grid view, sorted by title ascending', async () => {
    await seedFiles([{ title: 'clip 10' }, { title: 'Banner' }, { title: 'clip 2' }, { title: 'Álbum' }])
    renderScreen()
    await card('Banner')
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true')
    expect(shownTitles()).toEqual(['Álbum', 'Banner', 'clip 2', 'clip 10'])
  })

  it('shows the list with Name, Folder, Type, Size, Date and Actions columns', async () => {
    await seedFiles([{ title: 'Banner', media_url: 'https://cdn.example.test/b.png', file_size: 2048 }])
    const { user } = renderScreen()
    await card('Banner')
    await user.click(screen.getByRole('button', { name: 'List' }))
    const table = await screen.findByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(['Selected', 'Name', 'Folder', 'Type', 'Size', 'Date', 'Actions'])
    const row = within(table).getAllByRole('row')[1]
    if (!row) throw new Error('no row')
    expect(row).toHaveTextContent('Banner')
    // The row tells the file apart as its card does: its picture, its extension and its folder.
    expect(row.querySelector('.thumbnail--compact img')).toHaveAttribute(
      'src',
      'https://cdn.example.test/b.png',
    )
    expect(row.querySelector('.file-table__extension')).toHaveTextContent('.png')
    expect(row.querySelector('.file-table__col-folder')).toHaveTextContent('Uncategorized')
    expect(row).toHaveTextContent('image')
    expect(row).toHaveTextContent('2 KB')
    for (const name of ['View', 'Edit', 'Download'])
      expect(within(row).getByRole('button', { name: `${name} Banner` })).toBeInTheDocument()
  })

  it('sorts by a column header and flips the direction on a second click', async () => {
    await seedFiles([
      { title: 'B', file_size: 300, created_at: '2026-01-02T00:00:00Z', media_url: 'https://x.test/b.pdf' },
      { title: 'A', file_size: 100, created_at: '2026-01-03T00:00:00Z', media_url: 'https://x.test/a.mp4' },
      { title: 'C', file_size: 200, created_at: '2026-01-01T00:00:00Z', media_url: 'https://x.test/c.jpg' },
    ])
    const { user } = renderScreen('/?view=list')
    await screen.findByRole('table')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'B', 'C'])
    })
    const header = (name: string) => screen.getByRole('button', { name })
    await user.click(header('Name'))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['C', 'B', 'A'])
    })
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending')
    await user.click(header('Size'))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'C', 'B'])
    })
    await user.click(header('Size'))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['B', 'C', 'A'])
    })
    await user.click(header('Date'))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['C', 'B', 'A'])
    })
    await user.click(header('Type'))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['B', 'C', 'A'])
    })
    expect(window.location.search).toBe('?sort=type&view=list')
  })

  it('sorts the grid from the toolbar too', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }])
    const { user } = renderScreen()
    await card('A')
    await user.click(screen.getByRole('button', { name: 'Sort ascending' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['B', 'A'])
    })
    expect(screen.getByRole('button', { name: 'Sort descending' })).toBeInTheDocument()
  })
})
