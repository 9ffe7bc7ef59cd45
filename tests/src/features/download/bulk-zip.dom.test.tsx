import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { card, installBrowserGaps, renderScreen } from '../../../support/screen-render'
import { seedFiles, server, setupScreenServer } from '../../../support/screen-server'
import { readZip } from '../../../support/zip-reader'

setupScreenServer(installBrowserGaps)
afterEach(() => {
  vi.restoreAllMocks()
})

const toast = (text: string) => screen.findByText(text, { selector: '[data-title]' })
const toastDetail = (text: string) => screen.findByText(text, { selector: '[data-description]' })

/** The CDN of the seeded files: each title's bytes are its name repeated; a title in `gone` is a 404. */
function serveFiles(gone: readonly string[] = []) {
  server.use(
    http.get('https://cdn.example.test/:name', ({ params }) => {
      const title = decodeURIComponent(String(params.name)).replace(/\.jpg$/, '')
      if (gone.includes(title)) return new HttpResponse(null, { status: 404 })
      return new HttpResponse(title.repeat(100), { headers: { 'Content-Type': 'image/jpeg' } })
    }),
  )
}

/** The archives the screen saves: the Blob behind each object URL a download link is clicked with. */
function catchSaves() {
  const blobs = new Map<string, Blob>()
  const saved: { name: string; blob: Blob | undefined }[] = []
  let next = 0
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const href = `blob:zip-${String(next++)}`
    blobs.set(href, blob)
    return href
  })
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') })
  })
  return saved
}

async function downloadSelected(...titles: string[]) {
  const { user } = renderScreen()
  for (const title of titles) {
    await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
  }
  const panel = screen.getByRole('region', { name: 'Bulk operations' })
  await user.click(within(panel).getByRole('button', { name: 'Download' }))
}

describe('bulk download as one ZIP', () => {
  it('saves two selected files as one archive holding both', async () => {
    await seedFiles([{ title: 'Beach' }, { title: 'City' }])
    serveFiles()
    const saved = catchSaves()
    await downloadSelected('Beach', 'City')
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    expect(saved).toHaveLength(1)
    expect(saved[0]?.name).toMatch(/^media-2-files-\d{4}-\d{2}-\d{2}\.zip$/)
    const entries = readZip(Buffer.from(await (saved[0]?.blob ?? new Blob()).arrayBuffer()))
    expect(entries.map((entry) => [entry.name, entry.bytes.toString()])).toEqual([
      ['Beach.jpg', 'Beach'.repeat(100)],
      ['City.jpg', 'City'.repeat(100)],
    ])
  })

  it('names a file that could not be read in a toast and in the report inside the archive', async () => {
    await seedFiles([{ title: 'Beach' }, { title: 'City' }, { title: 'Forest' }])
    serveFiles(['City'])
    const saved = catchSaves()
    await downloadSelected('Beach', 'City', 'Forest')
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    expect(await toast('1 file failed to process')).toBeInTheDocument()
    expect(
      await toastDetail(
        '2 of 3 files zipped; 1 could not be read: City.jpg. download-report.txt in the archive says why.',
      ),
    ).toBeInTheDocument()
    const entries = readZip(Buffer.from(await (saved[0]?.blob ?? new Blob()).arrayBuffer()))
    expect(entries.map((entry) => entry.name)).toEqual(['Beach.jpg', 'Forest.jpg', 'download-report.txt'])
    expect(entries[2]?.bytes.toString()).toContain('- City.jpg ("City"): it is no longer on the server (404)')
  })

  it('saves nothing and says why when no file could be read', async () => {
    await seedFiles([{ title: 'Beach' }, { title: 'City' }])
    serveFiles(['Beach', 'City'])
    const saved = catchSaves()
    await downloadSelected('Beach', 'City')
    expect(await toast('2 files failed to process')).toBeInTheDocument()
    expect(saved).toEqual([])
  })
})
