import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Eye } from 'lucide-react'

import type { MediaRecord } from '../../../../../src/contract/record'
import type { FileAction } from '../../../../../src/features/commands'
import type { CardDensity } from '../../../../../src/features/library/components/card-geometry'
import {
  ItemHandlersContext,
  type ItemHandlers,
} from '../../../../../src/features/library/components/item-handlers'
import { MediaCard } from '../../../../../src/features/library/components/media-card'
import { reportGate, resetAccessState } from '../../../../../src/lib/access'
import { listedRecord } from '../../../../support/listed-record'

// A screen learns the gate's state from its first page's answer or `GET /api/access` before it shows
// pictures; here it is open.
beforeEach(() => {
  resetAccessState()
  reportGate(false)
})

function record(fields: Partial<MediaRecord> = {}): MediaRecord {
  return listedRecord(7, {
    title: 'Launch spot',
    description: 'Homepage hero video',
    category: 'Video',
    file_type: 'video/mp4',
    media_url: 'https://cdn.example.test/launch.mp4',
    thumbnail: 'https://cdn.example.test/launch-thumb.jpg',
    file_size: 2_359_296,
    created_at: '2026-03-10T12:00:00Z',
    updated_at: '2026-03-10T12:00:00Z',
    tags: ['launch', 'hero'],
    ...fields,
  })
}

/** A card button that runs `run` on the file. */
function cardAction(name: string, run: (record: MediaRecord) => void): FileAction {
  return {
    name,
    label: name,
    icon: Eye,
    hasDialog: false,
    perform: (targets) => {
      if (targets[0]) run(targets[0])
    },
  }
}

function renderCard(file: MediaRecord, density?: CardDensity) {
  const view = vi.fn()
  const download = vi.fn()
  const handlers: ItemHandlers & { download: typeof download } = {
    select: vi.fn(),
    activate: vi.fn(),
    view,
    download,
    filterBy: vi.fn(),
    dragIds: () => [file.id],
    contextActions: [],
    cardActions: [cardAction('View', view), cardAction('Edit', vi.fn()), cardAction('Download', download)],
  }
  const { container } = render(
    <ItemHandlersContext.Provider value={handlers}>
      <MediaCard record={file} position={0} selected={false} active density={density} />
    </ItemHandlersContext.Provider>,
  )
  const card = within(container).getByRole('article', { name: file.title })
  return { handlers, card }
}

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
  Date.parse('2026-03-10T12:00:00Z'),
)

describe('a Comfortable card (the default)', () => {
  it('shows every item of spec section 2, and the extension after the title', () => {
    const { card } = renderCard(record())
    const inCard = within(card)
    expect(inCard.getByRole('checkbox', { name: 'Select Launch spot' })).toBeInTheDocument()
    expect(card.querySelector('.card__header .file-icon')).toHaveAttribute('data-kind', 'video')
    expect(inCard.getByRole('heading', { name: 'Launch spot' })).toBeInTheDocument()
    expect(card.querySelector('.card__extension')).toHaveTextContent('.mp4')
    expect(card.querySelector('.thumbnail img')).toHaveAttribute(
      'src',
      'https://cdn.example.test/launch-thumb.jpg',
    )
    expect(inCard.getByText('Homepage hero video')).toBeInTheDocument()
    expect(inCard.getByText('By: Dana')).toBeInTheDocument()
    expect(
      within(inCard.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['launch', 'hero'])
    expect(inCard.getByText('2.25 MB')).toBeInTheDocument()
    expect(inCard.getByText(date)).toBeInTheDocument()
    for (const name of ['View', 'Edit', 'Download'])
      expect(inCard.getByRole('button', { name: `${name} Launch spot` })).toHaveAttribute('title', name)
  })

  it("shows 'No description' for an empty one", () => {
    const { card } = renderCard(record({ description: '' }))
    expect(within(card).getByText('No description')).toBeInTheDocument()
  })

  it('tells clip.mp4 and clip.webm apart by their extension', () => {
    renderCard(record({ id: 1 as MediaRecord['id'], title: 'clip', media_url: '/api/files/a/clip.mp4' }))
    renderCard(record({ id: 2 as MediaRecord['id'], title: 'clip', media_url: '/api/files/b/clip.webm' }))
    const extensions = screen
      .getAllByRole('article', { name: 'clip' })
      .map((card) => card.querySelector('.card__extension')?.textContent)
    expect(extensions).toEqual(['.mp4', '.webm'])
  })

  it('reads the extension from the URL path, not its query, and shows none when there is none', () => {
    renderCard(record({ title: 'Signed', media_url: 'https://cdn.example.test/a/photo.JPEG?sig=x.y' }))
    expect(
      screen.getByRole('article', { name: 'Signed' }).querySelector('.card__extension'),
    ).toHaveTextContent('.jpeg')
    renderCard(
      record({ id: 9 as MediaRecord['id'], title: 'Bare', media_url: 'https://cdn.example.test/file' }),
    )
    expect(screen.getByRole('article', { name: 'Bare' }).querySelector('.card__extension')).toBeNull()
  })
})

describe('a Compact card', () => {
  it('keeps the checkbox, the title with its extension, one line of kind, size and date, and the actions', async () => {
    const { card, handlers } = renderCard(record(), 'compact')
    const inCard = within(card)
    expect(card).toHaveClass('card--compact')
    expect(inCard.getByRole('checkbox', { name: 'Select Launch spot' })).toBeInTheDocument()
    expect(inCard.getByRole('heading', { name: 'Launch spot' })).toBeInTheDocument()
    expect(card.querySelector('.card__extension')).toHaveTextContent('.mp4')
    expect(card.querySelector('.card__line')).toHaveTextContent(`video · 2.25 MB · ${date}`)
    expect(card.querySelector('.thumbnail img')).not.toBeNull()
    expect(inCard.queryByText('Homepage hero video')).toBeNull()
    expect(inCard.queryByText('By: Dana')).toBeNull()
    expect(inCard.queryByRole('list', { name: 'Tags' })).toBeNull()
    await userEvent.click(inCard.getByRole('button', { name: /^View / }))
    await userEvent.click(inCard.getByRole('button', { name: /^Download / }))
    expect(handlers.view).toHaveBeenCalledOnce()
    expect(handlers.download).toHaveBeenCalledOnce()
  })
})

describe('the thumbnail', () => {
  it('loads at once (no lazy loading) and shows the type icon in its box until the picture has loaded', () => {
    const { card } = renderCard(record())
    const box = card.querySelector('.thumbnail')
    const image = card.querySelector('.thumbnail img')
    if (!box || !image) throw new Error('no thumbnail')
    expect(image).not.toHaveAttribute('loading')
    expect(box.querySelector('.file-icon')).not.toBeNull()
    expect(box).not.toHaveClass('thumbnail--loaded')
    fireEvent.load(image)
    expect(box).toHaveClass('thumbnail--loaded')
  })

  it('falls back to the type icon alone when the picture cannot load', () => {
    const { card } = renderCard(record())
    const image = card.querySelector('.thumbnail img')
    if (!image) throw new Error('no thumbnail')
    fireEvent.error(image)
    expect(card.querySelector('.thumbnail img')).toBeNull()
    expect(card.querySelector('.thumbnail--icon .file-icon')).toHaveAttribute('data-kind', 'video')
  })

  it('waits for the gate: no picture is asked for until its state is known, then the right one is', () => {
    resetAccessState()
    const { card } = renderCard(record({ file_type: 'image/jpeg', media_url: '/api/files/7/launch.jpg' }))
    expect(card.querySelector('.thumbnail img')).toBeNull()
    expect(card.querySelector('.thumbnail .file-icon')).not.toBeNull()
    act(() => {
      reportGate(true)
    })
    expect(card.querySelector('.thumbnail img')?.getAttribute('src')).toMatch(
      /^\/api\/file-link\/thumbnail\//,
    )
  })

  it("shows a PDF's first page, drawn at upload, from its top, where its heading is", () => {
    const thumbnail = '/api/files/0mxccthydb5hYCkgBIgcKI2IH/report-thumbnail.jpg'
    const { card } = renderCard(
      record({ file_type: 'application/pdf', media_url: '/api/files/7/report.pdf', thumbnail }),
    )
    expect(card.querySelector('.thumbnail img')).toHaveAttribute('src', thumbnail)
    expect(card.querySelector('.thumbnail')).toHaveClass('thumbnail--page')
    // A video's frame is cut about its middle.
    const { card: video } = renderCard(record())
    expect(video.querySelector('.thumbnail')).not.toHaveClass('thumbnail--page')
  })

  it('is the type icon for kinds without a picture', () => {
    const { card } = renderCard(
      record({ file_type: 'audio/mpeg', media_url: 'https://cdn.example.test/jingle.mp3', thumbnail: null }),
    )
    expect(card.querySelector('.thumbnail img')).toBeNull()
    expect(card.querySelector('.thumbnail--icon .file-icon')).toHaveAttribute('data-kind', 'audio')
  })
})
