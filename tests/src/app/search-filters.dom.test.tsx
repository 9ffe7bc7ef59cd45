import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'

import {
  card,
  choose,
  installBrowserGaps,
  optionsOf,
  renderScreen,
  shownTitles,
} from '../../support/screen-render'
import { errorAnswer, seedFiles, seedFolder, server, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

async function seedLibrary() {
  await seedFolder('Campaigns')
  await seedFolder('2026', '/Campaigns')
  await seedFolder('Archive')
  return seedFiles([
    {
      title: 'Beach sunset',
      media_url: 'https://cdn.example.test/beach.jpg',
      author: 'Dana',
      tags: ['summer'],
      created_at: '2026-03-10T12:00:00Z',
    },
    {
      title: 'Launch spot',
      media_url: 'https://cdn.example.test/spot.mp4',
      description: 'Homepage HERO video',
      folder_path: '/Campaigns',
      created_at: '2026-05-01T12:00:00Z',
    },
    {
      title: 'Budget',
      media_url: 'https://cdn.example.test/budget.pdf',
      author: 'Priya Patel',
      folder_path: '/Campaigns/2026',
      created_at: '2025-12-31T12:00:00Z',
    },
    { title: 'Jingle', media_url: 'https://cdn.example.test/jingle.mp3', tags: ['Radio', 'promo'] },
    { title: 'Bundle', media_url: 'https://cdn.example.test/bundle.zip', category: 'Press kit' },
  ])
}

async function search(user: ReturnType<typeof renderScreen>['user'], text: string) {
  const box = screen.getByPlaceholderText('Search files...')
  await user.clear(box)
  if (text !== '') await user.type(box, text)
}

describe('search', () => {
  it('matches title, description, author or any tag, ignoring case', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await search(user, 'SUNSET')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach sunset'])
    })
    await search(user, 'hero')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Launch spot'])
    })
    await search(user, 'patel')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Budget'])
    })
    await search(user, 'radio')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Jingle'])
    })
  })

  it('says to adjust the criteria when nothing matches', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await search(user, 'nothing like this')
    expect(await screen.findByText('No files found')).toBeInTheDocument()
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument()
  })
})

describe('category selector', () => {
  it('offers all, images, videos, documents, audio and other', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    expect(await optionsOf(user, 'Category')).toEqual([
      'All categories',
      'Images',
      'Videos',
      'Documents',
      'Audio',
      'Other',
    ])
  })

  it.each([
    ['Images', ['Beach sunset']],
    ['Videos', ['Launch spot']],
    ['Documents', ['Budget']],
    ['Audio', ['Jingle']],
    ['Other', ['Bundle']],
  ])('maps %s onto the stored categories', async (option, titles) => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await choose(user, 'Category', option)
    await waitFor(() => {
      expect(shownTitles()).toEqual(titles)
    })
  })

  it('gives the adjust-criteria hint when a category has no files', async () => {
    await seedFiles([{ title: 'Beach', media_url: 'https://cdn.example.test/beach.jpg' }])
    const { user } = renderScreen()
    await card('Beach')
    await choose(user, 'Category', 'Audio')
    expect(await screen.findByText('Try adjusting your search or filter criteria.')).toBeInTheDocument()
  })
})

describe('folder selector', () => {
  it('lists Uncategorized first, then the folders by name, nested under their parents', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    expect(await optionsOf(user, 'Folder')).toEqual(['Uncategorized', 'Archive', 'Campaigns', '2026'])
  })

  it('Uncategorized shows the files at the top level; a folder shows its own files', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await choose(user, 'Folder', 'Uncategorized')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach sunset', 'Bundle', 'Jingle'])
    })
    await choose(user, 'Folder', 'Campaigns')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Launch spot'])
    })
    await user.click(screen.getByRole('button', { name: 'Show all folders' }))
    await waitFor(() => {
      expect(shownTitles()).toHaveLength(5)
    })
  })

  it('falls back to the folder paths on files when no folders are loaded', async () => {
    await seedLibrary()
    server.use(http.get('*/api/folder-list', () => errorAnswer('Failed to load folders', 500)))
    const { user } = renderScreen()
    await card('Beach sunset')
    expect(await optionsOf(user, 'Folder')).toEqual(['Uncategorized', 'Campaigns', '2026'])
  })

  it('shows an empty folder with the upload hint', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await choose(user, 'Folder', 'Archive')
    expect(await screen.findByText('No files found')).toBeInTheDocument()
    expect(screen.getByText('Get started by uploading your first file.')).toBeInTheDocument()
  })
})

describe('type and date filters', () => {
  it('filters by exact file type, each named as a person reads it', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    expect(await optionsOf(user, 'File type')).toEqual([
      'All types',
      'JPEG image',
      'MP4 video',
      'PDF document',
      'MP3 audio',
      'ZIP archive',
    ])
    await choose(user, 'File type', 'MP4 video')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Launch spot'])
    })
    expect(window.location.search).toBe(`?type=${encodeURIComponent('video/mp4')}`)
  })

  it('groups the file types by kind, in the category selector order', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await user.click(screen.getByRole('combobox', { name: 'File type' }))
    const groups = await screen.findAllByRole('group')
    expect(
      groups.map((group) => [
        group.firstElementChild?.textContent,
        within(group)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ]),
    ).toEqual([
      ['Images', ['JPEG image']],
      ['Videos', ['MP4 video']],
      ['Documents', ['PDF document']],
      ['Audio', ['MP3 audio']],
      ['Other', ['ZIP archive']],
    ])
    await user.keyboard('{Escape}')
  })

  it('filters by a visible created-date range, both ends inclusive', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await user.type(screen.getByLabelText('From'), '2026-01-01')
    await waitFor(() => {
      expect(shownTitles()).not.toContain('Budget')
    })
    await user.type(screen.getByLabelText('To'), '2026-03-10')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach sunset'])
    })
    expect(window.location.search).toContain('from=2026-01-01')
    expect(window.location.search).toContain('to=2026-03-10')
    await user.click(screen.getByRole('button', { name: 'Clear date range' }))
    await waitFor(() => {
      expect(shownTitles()).toHaveLength(5)
    })
  })
})

describe('filters from a file', () => {
  it('a tag or an author clicked on a card lists the files that share it, as a chip that removes it', async () => {
    await seedLibrary()
    await seedFiles([{ title: 'Radio spot', author: 'Dana', tags: ['radio'] }])
    const { user } = renderScreen()
    await user.click(within(await card('Jingle')).getByRole('button', { name: 'Radio' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Jingle', 'Radio spot'])
    })
    expect(window.location.search).toBe('?tag=Radio')
    // The click filtered; it did not select the card it was on.
    expect(screen.getByText('0 selected')).toBeInTheDocument()
    await user.click(within(await card('Radio spot')).getByRole('button', { name: 'By: Dana' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Radio spot'])
    })
    expect(window.location.search).toBe('?tag=Radio&author=Dana')
    await user.click(screen.getByRole('button', { name: 'Remove filter tag: Radio' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach sunset', 'Radio spot'])
    })
    await user.click(screen.getByRole('button', { name: 'Remove filter author: Dana' }))
    await waitFor(() => {
      expect(shownTitles()).toHaveLength(6)
    })
    expect(screen.queryByRole('list', { name: 'Filters from files' })).not.toBeInTheDocument()
  })

  it('a tag clicked in Details closes it and lists the files with that tag', async () => {
    await seedLibrary()
    const { user } = renderScreen('/?file=1')
    const details = await screen.findByRole('dialog', { name: 'Beach sunset' })
    await user.click(within(details).getByRole('button', { name: 'summer' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(window.location.search).toBe('?tag=summer')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Beach sunset'])
    })
    expect(screen.getByRole('button', { name: 'Remove filter tag: summer' })).toBeInTheDocument()
  })
})

describe('view state in the URL', () => {
  it('restores search, filters, sort and view from the address', async () => {
    await seedLibrary()
    renderScreen('/?q=u&category=audio&view=list&sort=size&dir=desc')
    expect(await screen.findByRole('table')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Jingle'])
    })
    expect(screen.getByPlaceholderText('Search files...')).toHaveValue('u')
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Audio')
    expect(screen.getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'descending')
  })

  it('writes changes to the address, and Back undoes them', async () => {
    await seedLibrary()
    const { user } = renderScreen()
    await card('Beach sunset')
    await choose(user, 'Category', 'Images')
    expect(window.location.search).toBe('?category=images')
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(window.location.search).toBe('?category=images&view=list')
    await search(user, 'beach')
    await waitFor(() => {
      expect(window.location.search).toBe('?q=beach&category=images&view=list')
    })
    window.history.back()
    await waitFor(() => {
      expect(window.location.search).toBe('?category=images&view=list')
    })
    await waitFor(() => {
      expect(screen.getByPlaceholderText('Search files...')).toHaveValue('')
    })
    window.history.back()
    await waitFor(() => {
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
    })
    window.history.back()
    await waitFor(() => {
      expect(shownTitles()).toHaveLength(5)
    })
  })
})
