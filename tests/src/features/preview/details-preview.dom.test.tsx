import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Eye } from 'lucide-react'
import { setupServer } from 'msw/node'
import { readFile } from 'node:fs/promises'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { MediaRecord } from '../../../../src/contract/record'
import type { FileAction } from '../../../../src/features/commands'
import { ListResults } from '../../../../src/features/library/model/library-results'
import { TEXT_PREVIEW_BYTES } from '../../../../src/features/preview/api/read-text-head'
import { DetailsDialog } from '../../../../src/features/preview/components/details-dialog'
import { reportGate, resetAccessState } from '../../../../src/lib/access'
import { listedRecord } from '../../../support/listed-record'

// pdf.js needs a canvas and a worker, which jsdom lacks: a two-page stand-in document.
vi.mock('../../../../src/features/preview/api/open-pdf', () => ({
  openPdf: () => ({
    promise: Promise.resolve({
      numPages: 2,
      getPage: () =>
        Promise.resolve({
          getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
          render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
        }),
    }),
    close: () => undefined,
  }),
}))

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  resetAccessState()
})
afterAll(() => {
  server.close()
})

let nextId = 1
function fileRecord(title: string, mediaUrl: string, fileType: string, extra: Partial<MediaRecord> = {}) {
  return listedRecord(nextId++, {
    title,
    category: 'Files',
    file_type: fileType,
    media_url: mediaUrl,
    file_size: 100,
    created_at: '2026-03-10T12:00:00Z',
    updated_at: '2026-03-10T12:00:00Z',
    ...extra,
  })
}

/** Details' Edit and Download buttons, as the screen's registry gives them. */
function detailsActions(onDownload = vi.fn()): FileAction[] {
  const action = (name: string, label: string, run: (record: MediaRecord) => void): FileAction => ({
    name,
    label,
    icon: Eye,
    hasDialog: false,
    perform: (targets) => {
      if (targets[0]) run(targets[0])
    },
  })
  return [action('edit', 'Edit', vi.fn()), action('download', 'Download', onDownload)]
}

function renderDetails(record: MediaRecord, onDownload = vi.fn()) {
  render(
    <DetailsDialog
      record={record}
      onClose={vi.fn()}
      actions={detailsActions(onDownload)}
      onRecordChanged={vi.fn()}
      onRefresh={vi.fn()}
    />,
  )
  return screen.getByRole('dialog', { name: record.title })
}

describe('Details previews', () => {
  it('plays audio in a player that loads only the metadata', () => {
    const dialog = renderDetails(fileRecord('Jingle', '/api/files/a1/tone.mp3', 'audio/mpeg'))
    const audio = dialog.querySelector('audio')
    expect(audio).toHaveAttribute('src', '/api/files/a1/tone.mp3')
    expect(audio).toHaveAttribute('controls')
    expect(audio).toHaveAttribute('preload', 'metadata')
    expect(within(dialog).queryByText('Preview not available for this file type')).not.toBeInTheDocument()
  })

  it('shows an SVG only as a PNG drawn by the Image CDN, never the file itself', () => {
    const dialog = renderDetails(fileRecord('Logo', '/api/files/s1/logo.svg', 'image/svg+xml'))
    const image = within(dialog).getByRole('img', { name: 'Logo' })
    expect(image).toHaveAttribute('src', '/.netlify/images?url=%2Fapi%2Ffiles%2Fs1%2Flogo.svg&w=1200&fm=png')
    expect(dialog.querySelector('object, embed, iframe')).toBeNull()
  })

  it('says so when no image service can draw the SVG, and when the drawing fails to load', () => {
    const elsewhere = renderDetails(
      fileRecord('Remote', 'https://cdn.example.test/logo.svg', 'image/svg+xml'),
    )
    expect(within(elsewhere).getByRole('note', { name: 'SVG preview not available' })).toBeInTheDocument()
    expect(within(elsewhere).getByRole('button', { name: 'Download' })).toBeInTheDocument()
  })

  it('says so when the drawn SVG does not load', async () => {
    const dialog = renderDetails(fileRecord('Logo', '/api/files/s2/logo.svg', 'image/svg+xml'))
    act(() => {
      within(dialog).getByRole('img', { name: 'Logo' }).dispatchEvent(new Event('error'))
    })
    expect(await within(dialog).findByRole('note', { name: 'SVG preview not available' })).toBeInTheDocument()
  })

  it('has no SVG preview behind the access gate, where the Image CDN cannot read the file', () => {
    reportGate(true)
    const dialog = renderDetails(fileRecord('Logo', '/api/files/s3/logo.svg', 'image/svg+xml'))
    expect(within(dialog).getByRole('note', { name: 'SVG preview not available' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument()
  })

  it('shows a text file as text: markup is escaped, never run', async () => {
    const body = 'Notes\n<script>window.__ran = true</script>\n<b>plain</b>'
    server.use(http.get('/api/files/t1/notes.txt', () => new HttpResponse(body, { status: 200 })))
    const dialog = renderDetails(fileRecord('Notes', '/api/files/t1/notes.txt', 'text/plain'))
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading preview…')
    const text = await within(dialog).findByLabelText('Notes (text)')
    expect(text.tagName).toBe('PRE')
    expect(text.textContent).toBe(body)
    expect(text.querySelector('script, b')).toBeNull()
    expect(within(dialog).queryByText('Showing the first 100 KB.')).not.toBeInTheDocument()
  })

  it('draws a Markdown file as a document, its HTML and scripts as text, with the source a click away', async () => {
    const body =
      '# Release notes\n\nSee **this** and [the site](https://example.com).\n\n<script>window.__ran = true</script>\n\n[bad](javascript:alert(1))'
    server.use(http.get('/api/files/t4/notes.md', () => new HttpResponse(body, { status: 200 })))
    const dialog = renderDetails(fileRecord('Release', '/api/files/t4/notes.md', 'text/markdown'))
    const document = await within(dialog).findByLabelText('Release (Markdown)')
    expect(within(document).getByRole('heading', { name: 'Release notes' })).toBeInTheDocument()
    expect(within(document).getByText('this').tagName).toBe('STRONG')
    expect(within(document).getByRole('link', { name: 'the site' })).toHaveAttribute(
      'href',
      'https://example.com',
    )
    expect(within(document).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument()
    expect(document.querySelector('script')).toBeNull()
    expect(document).toHaveTextContent('<script>window.__ran = true</script>')
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Show the source' }))
    expect(within(dialog).getByLabelText('Release (text)').textContent).toBe(body)
  })

  it('notes that a long text file is cut at 100 KB', async () => {
    const size = TEXT_PREVIEW_BYTES * 2
    server.use(
      http.get('/api/files/t2/data.csv', () =>
        HttpResponse.text('a,b\n'.repeat(TEXT_PREVIEW_BYTES / 4), {
          status: 206,
          headers: { 'Content-Range': `bytes 0-${String(TEXT_PREVIEW_BYTES - 1)}/${String(size)}` },
        }),
      ),
    )
    const dialog = renderDetails(
      fileRecord('Inventory', '/api/files/t2/data.csv', 'text/csv', { file_size: size }),
    )
    expect(await within(dialog).findByText('Showing the first 100 KB.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Inventory (text)').textContent).toHaveLength(TEXT_PREVIEW_BYTES)
  })

  it('says plainly when the text cannot be fetched, with the Download button', async () => {
    server.use(http.get('/api/files/t3/readme.md', () => new HttpResponse(null, { status: 500 })))
    const onDownload = vi.fn()
    const record = fileRecord('Readme', '/api/files/t3/readme.md', 'text/markdown')
    const dialog = renderDetails(record, onDownload)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file could not be loaded for preview. Download it to read it.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }))
    expect(onDownload).toHaveBeenCalledWith(record)
  })

  it('draws a PDF’s pages in a frame 600px high', async () => {
    const dialog = renderDetails(fileRecord('Report', '/api/files/p1/report.pdf', 'application/pdf'))
    const frame = within(dialog).getByTitle('Report (PDF)')
    expect(frame).toHaveStyle({ height: '600px' })
    expect(await within(frame).findAllByLabelText(/^Page \d$/)).toHaveLength(2)
    expect(dialog.querySelector('iframe')).toBeNull()
  })

  it('asks for a public link before sending an Office file of a local site to the viewer', () => {
    // The test page is http://localhost:3000: Microsoft's viewer could not fetch from it.
    const dialog = renderDetails(
      fileRecord(
        'Brief',
        '/api/files/o1/brief.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    )
    expect(within(dialog).getByRole('note', { name: 'Preview needs a public link' })).toHaveTextContent(
      /local or private/,
    )
    expect(dialog.querySelector('iframe')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument()
  })

  it('frames an Office file on a public host in the online viewer', () => {
    const url = 'https://files.example.com/budget.xlsx'
    const dialog = renderDetails(
      fileRecord('Budget', url, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    )
    expect(within(dialog).getByTitle('Budget (Office viewer)')).toHaveAttribute(
      'src',
      `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(url)}`,
    )
  })

  it('offers one download: the Download File link for unsupported types, the Download button otherwise', () => {
    const pack = renderDetails(fileRecord('Pack', 'https://cdn.example.test/pack.tar', 'application/x-tar'))
    expect(within(pack).getByText('Preview not available for this file type')).toBeInTheDocument()
    expect(within(pack).getByRole('link', { name: 'Download File' })).toBeInTheDocument()
    expect(within(pack).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument()
  })

  it("lists a ZIP's entries from its directory, asking for ranges only, with Download in the footer", async () => {
    const archive = new Uint8Array(await readFile('tests/fixtures/media/archive.zip'))
    const ranges: string[] = []
    server.use(
      http.get('/api/files/z1/pack.zip', ({ request }) => {
        const range = request.headers.get('range') ?? ''
        ranges.push(range)
        const [, from, to] = /bytes=(\d+)-(\d+)/.exec(range) ?? []
        const body = archive.slice(Number(from), Number(to) + 1)
        return new HttpResponse(body, {
          status: 206,
          headers: { 'Content-Range': `bytes ${String(from)}-${String(to)}/${String(archive.length)}` },
        })
      }),
    )
    const dialog = renderDetails(
      fileRecord('Pack', '/api/files/z1/pack.zip', 'application/zip', { file_size: archive.length }),
    )
    const contents = await within(dialog).findByRole('list', { name: 'Pack (contents)' })
    expect(
      within(contents)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['readme.txt17 Bytes', 'photos/list.csv30 Bytes'])
    expect(within(dialog).getByText('2 entries, 47 Bytes unpacked')).toBeInTheDocument()
    expect(ranges).toHaveLength(2)
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('link', { name: 'Download File' })).not.toBeInTheDocument()
  })

  it('says plainly when an archive cannot be read', async () => {
    server.use(http.get('/api/files/z2/broken.zip', () => new HttpResponse('not a zip', { status: 200 })))
    const dialog = renderDetails(fileRecord('Broken', '/api/files/z2/broken.zip', 'application/zip'))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The archive's contents could not be read. Download it to open it.",
    )
  })
})

describe('Details fields', () => {
  it('adds dimensions, duration, folder, uploaded name and the absolute URL when stored', () => {
    const dialog = renderDetails(
      fileRecord('Clip', '/api/files/v1/launch%20spot.mp4', 'video/mp4', {
        width: 1920,
        height: 1080,
        duration: 95.4,
        folder_path: '/Campaigns',
      }),
    )
    const field = (name: string) => within(dialog).getByText(name).nextElementSibling?.textContent
    expect(field('Dimensions')).toBe('1920 × 1080')
    expect(field('Duration')).toBe('1:35')
    expect(field('Folder')).toBe('/Campaigns')
    expect(field('File name')).toBe('launch spot.mp4')
    expect(within(dialog).getByText(`${window.location.origin}/api/files/v1/launch%20spot.mp4`).tagName).toBe(
      'CODE',
    )
  })

  it('leaves out what is not stored', () => {
    const dialog = renderDetails(fileRecord('Banner', 'https://cdn.example.test/banner.png', 'image/png'))
    expect(within(dialog).queryByText('Dimensions')).not.toBeInTheDocument()
    expect(within(dialog).queryByText('Duration')).not.toBeInTheDocument()
    expect(within(dialog).queryByText('File name')).not.toBeInTheDocument()
    expect(within(dialog).getByText('Folder').nextElementSibling).toHaveTextContent('Uncategorized')
  })

  it('copies the URL', async () => {
    const user = userEvent.setup()
    const dialog = renderDetails(fileRecord('Banner', 'https://cdn.example.test/banner.png', 'image/png'))
    await user.click(within(dialog).getByRole('button', { name: 'Copy URL' }))
    expect(await navigator.clipboard.readText()).toBe('https://cdn.example.test/banner.png')
    expect(within(dialog).getByRole('button', { name: 'URL copied' })).toBeInTheDocument()
  })
})

describe('moving between files', () => {
  const files = [
    fileRecord('First', 'https://cdn.example.test/1.png', 'image/png'),
    fileRecord('Second', 'https://cdn.example.test/2.mp3', 'audio/mpeg'),
    fileRecord('Third', 'https://cdn.example.test/3.png', 'image/png'),
  ]
  // The list shows them in this order: First, Second, Third.
  const order = new ListResults([files[0], files[1], files[2]] as MediaRecord[])

  function Navigable({ start }: { start: MediaRecord }) {
    const [shown, setShown] = useState(start)
    return (
      <DetailsDialog
        record={shown}
        order={order}
        onShow={setShown}
        onClose={vi.fn()}
        actions={detailsActions()}
        onRecordChanged={vi.fn()}
        onRefresh={vi.fn()}
      />
    )
  }

  it('goes to the previous and next file with Left and Right, and stops at the ends', async () => {
    const user = userEvent.setup()
    render(<Navigable start={files[0] as MediaRecord} />)
    await screen.findByRole('dialog', { name: 'First' })
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    await screen.findByRole('dialog', { name: 'Second' })
    expect(screen.getByRole('button', { name: 'Previous file' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Next file' }))
    await screen.findByRole('dialog', { name: 'Third' })
    expect(screen.getByRole('button', { name: 'Next file' })).toBeDisabled()
    await user.keyboard('{ArrowLeft}')
    await screen.findByRole('dialog', { name: 'Second' })
  })

  it('leaves the arrows to a focused player', async () => {
    const user = userEvent.setup()
    render(<Navigable start={files[1] as MediaRecord} />)
    const dialog = await screen.findByRole('dialog', { name: 'Second' })
    const audio = dialog.querySelector('audio')
    audio?.setAttribute('tabindex', '0')
    audio?.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument()
    await waitFor(() => {
      expect(audio).toHaveFocus()
    })
  })
})
