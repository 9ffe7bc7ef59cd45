import { describe, expect, it } from 'vitest'

import { ListResults } from '../../../../src/features/library/model/library-results'
import {
  formatDimensions,
  formatDuration,
  originalFileName,
} from '../../../../src/features/preview/model/details-fields'
import { neighboursOf } from '../../../../src/features/preview/model/neighbours'
import { previewKind } from '../../../../src/features/preview/model/preview-kind'
import { isPublicHost, officePreviewSource } from '../../../../src/features/preview/model/public-link'
import { svgRasterSrc } from '../../../../src/features/preview/model/svg-raster'
import { listedRecord } from '../../../support/listed-record'

describe('previewKind', () => {
  it('gives images, video, PDFs and Office files theirs, audio a player, SVG its own raster preview, text, Markdown, CSV and JSON the text view, and a ZIP its contents', () => {
    expect(
      [
        'audio/mpeg',
        'audio/wav',
        'image/svg+xml',
        'image/png',
        'text/plain',
        'text/markdown',
        'text/csv',
        'application/json',
        'application/zip',
        'application/x-tar',
        'image/gif',
        'video/webm',
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ].map(previewKind),
    ).toEqual([
      'audio',
      'audio',
      'svg',
      'image',
      'text',
      'text',
      'text',
      'text',
      'archive',
      'none',
      'image',
      'video',
      'pdf',
      'office',
    ])
  })
})

describe('isPublicHost', () => {
  it('refuses this machine, private networks, link-local and local names', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '[::1]',
      '[::]',
      '[fd12:3456::1]',
      '[fe80::1]',
      '[::ffff:7f00:1]',
      '[::ffff:c0a8:101]',
      'printer.local',
      'nas.home.arpa',
      'intranet',
      'MEDIA.LOCAL.',
    ]) {
      expect(isPublicHost(host), host).toBe(false)
    }
  })

  it('accepts public names and addresses', () => {
    for (const host of [
      'media.example.com',
      'my-site.netlify.app',
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '[2606:4700::1111]',
      '[::ffff:808:808]',
      'local.example.com',
    ]) {
      expect(isPublicHost(host), host).toBe(true)
    }
  })
})

describe('officePreviewSource', () => {
  const viewer = (url: string) =>
    `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(url)}`

  it('sends a public site file to the viewer with its absolute URL', () => {
    expect(
      officePreviewSource('/api/files/abc/brief.docx', { origin: 'https://media.example.com', gated: false }),
    ).toBe(viewer('https://media.example.com/api/files/abc/brief.docx'))
  })

  it('keeps the signed file link behind the access gate', () => {
    expect(
      officePreviewSource('/api/files/abc/brief.docx', { origin: 'https://media.example.com', gated: true }),
    ).toBe('/api/file-link/office/abc/brief.docx')
  })

  it('gives none for a local or private site, gated or not', () => {
    for (const origin of ['http://localhost:8888', 'http://127.0.0.1:4000', 'http://192.168.0.5']) {
      for (const gated of [false, true]) {
        expect(officePreviewSource('/api/files/abc/brief.docx', { origin, gated })).toBeNull()
      }
    }
  })

  it('judges a file on another host by that host, not by the page', () => {
    const cloud = 'https://res.cloudinary.com/demo/raw/upload/brief.docx'
    expect(officePreviewSource(cloud, { origin: 'http://localhost:8888', gated: true })).toBe(viewer(cloud))
    expect(
      officePreviewSource('http://10.0.0.2/brief.docx', {
        origin: 'https://media.example.com',
        gated: false,
      }),
    ).toBeNull()
  })
})

describe('svgRasterSrc', () => {
  it('asks the Image CDN for a PNG of a site file', () => {
    expect(svgRasterSrc('/api/files/abc/logo.svg', { gated: false })).toBe(
      '/.netlify/images?url=%2Fapi%2Ffiles%2Fabc%2Flogo.svg&w=1200&fm=png',
    )
  })

  it('has none behind the access gate (the CDN has no cookie) or for an unknown host', () => {
    expect(svgRasterSrc('/api/files/abc/logo.svg', { gated: true })).toBeNull()
    expect(svgRasterSrc('https://cdn.example.test/logo.svg', { gated: false })).toBeNull()
  })

  it("uses Cloudinary's own conversion for a Cloudinary image", () => {
    expect(
      svgRasterSrc('https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/logo.svg', { gated: false }),
    ).toBe('https://res.cloudinary.com/demo/image/upload/f_png,w_1200,c_limit/v1/HIBF_assets/logo.svg')
  })
})

describe('details fields', () => {
  it('formats durations and dimensions', () => {
    expect([0, 5.9, 65, 3725].map(formatDuration)).toEqual(['0:00', '0:05', '1:05', '1:02:05'])
    expect(formatDimensions({ width: 800, height: 600 })).toBe('800 × 600')
    expect(formatDimensions({ width: 800, height: null })).toBeNull()
  })

  it('reads the uploaded name from a built-in file URL only', () => {
    expect(originalFileName('/api/files/abc/Q3%20report.pdf')).toBe('Q3 report.pdf')
    expect(originalFileName('/api/files/abc/x%ZZ.txt')).toBe('x%ZZ.txt')
    expect(originalFileName('/api/files/abc')).toBeNull()
    expect(originalFileName('https://res.cloudinary.com/demo/image/upload/v1/a.png')).toBeNull()
  })
})

describe('neighboursOf', () => {
  const [one, two, three] = [listedRecord(1), listedRecord(2), listedRecord(3)]
  // Shown order: id 1, id 2, id 3.
  const order = new ListResults([one, two, three])

  it('finds the files before and after in the shown order', () => {
    expect(neighboursOf(order, 2)).toEqual({ previous: one, next: three })
    expect(neighboursOf(order, 1)).toEqual({ previous: null, next: two })
    expect(neighboursOf(order, 3)).toEqual({ previous: two, next: null })
  })

  it('has none for a file the list does not show', () => {
    expect(neighboursOf(order, 9)).toEqual({ previous: null, next: null })
  })
})
