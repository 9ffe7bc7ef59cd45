import { describe, expect, it } from 'vitest'

import { parseViewState, serializeViewState } from '../../../../../src/app/url-state'
import type { Folder } from '../../../../../src/contract/folder'
import type { FileId, FolderId } from '../../../../../src/contract/ids'
import { fieldsOf } from '../../../../../src/features/bulk-actions/components/update-dialog'
import { inBatches } from '../../../../../src/lib/in-batches'
import { buildFolderTree, flattenTree } from '../../../../../src/features/folders/model/folder-tree'
import { pageCountOf, pageShards } from '../../../../../src/contract/media-pages'
import { ListResults, rangeIn } from '../../../../../src/features/library/model/library-results'
import { cardPictureSrcSet, thumbnailSrc } from '../../../../../src/features/library/model/thumbnail'
import { imageVersion } from '../../../../../src/contract/image-settings'
import { officeViewerUrl } from '../../../../../src/features/preview/model/preview-kind'
import { applyChange, patchRecord, withFolder, withoutRecords } from '../../../../../src/lib/record-changes'
import { safeUrl } from '../../../../../src/lib/safe-url'
import { listedRecord } from '../../../../support/listed-record'

describe('view state in the URL', () => {
  it('round-trips every part and leaves defaults out', () => {
    const search =
      '?q=beach+day&folder=%2FA%2FB&category=images&type=image%2Fpng&from=2026-01-01&to=2026-02-01&tag=Summer+%26+sun&author=Ana&unused=90&sort=size&dir=desc&view=list&file=42&trash=1'
    const state = parseViewState(search)
    expect(state).toEqual({
      filters: {
        query: 'beach day',
        folder: '/A/B',
        category: 'images',
        type: 'image/png',
        from: '2026-01-01',
        to: '2026-02-01',
        tag: 'Summer & sun',
        author: 'Ana',
        unused: 90,
      },
      sort: { key: 'size', direction: 'desc' },
      view: 'list',
      file: 42,
      trash: true,
    })
    expect(serializeViewState(state)).toBe(search)
    expect(serializeViewState(parseViewState(''))).toBe('')
  })

  it('ignores values it does not know', () => {
    const state = parseViewState(
      '?category=pictures&sort=colour&dir=up&view=table&from=yesterday&file=x&unused=7',
    )
    expect(serializeViewState(state)).toBe('')
  })
})

describe('the list’s pages', () => {
  it('asks for a small first page and the rest of its range at once, then every other page at once', () => {
    expect([pageShards(0), pageShards(1)]).toEqual(['0-0', '1-49'])
    // 100,000 files are 200 shards: the first answer says so, and the three other pages follow together.
    expect(pageCountOf(200)).toBe(5)
    expect([2, 3, 4].map(pageShards)).toEqual(['50-99', '100-149', '150-199'])
  })
})

describe('folders', () => {
  const folder = (id: number, path: string): Folder => {
    const cut = path.lastIndexOf('/')
    return {
      id: id as FolderId,
      name: path.slice(cut + 1),
      path,
      parent_path: cut === 0 ? '/' : path.slice(0, cut),
    }
  }

  it('builds a tree with siblings by name, orphans at the top', () => {
    const tree = buildFolderTree(
      [
        folder(1, '/b'),
        folder(2, '/a'),
        folder(3, '/a/z'),
        folder(4, '/a/c 10'),
        folder(5, '/a/c 9'),
        folder(6, '/gone/x'),
      ],
      [],
    )
    expect(flattenTree(tree).map(({ node, depth }) => `${'-'.repeat(depth)}${node.name}`)).toEqual([
      'a',
      '-c 9',
      '-c 10',
      '-z',
      'b',
      'x',
    ])
  })

  it('falls back to the paths on files, creating the folders above them', () => {
    const tree = buildFolderTree([], ['/x/y', '/w'])
    expect(flattenTree(tree).map(({ node }) => [node.path, node.id])).toEqual([
      ['/w', null],
      ['/x', null],
      ['/x/y', null],
    ])
  })
})

describe('small rules', () => {
  const base = { file_type: 'image/png', media_url: '/api/files/1/a b.png', thumbnail: null }

  it('picks thumbnails per spec section 9', () => {
    expect(thumbnailSrc(base)).toBe(
      '/.netlify/images?url=%2Fapi%2Ffiles%2F1%2Fa%20b.png&w=150&h=150&fit=cover',
    )
    expect(thumbnailSrc({ ...base, media_url: 'https://x.test/a.png' })).toBe('https://x.test/a.png')
    expect(thumbnailSrc({ ...base, file_type: 'video/mp4', media_url: 'https://x.test/v.mp4' })).toBeNull()
    expect(
      thumbnailSrc({
        file_type: 'application/pdf',
        media_url: 'https://x.test/p.pdf',
        thumbnail: 'https://x.test/p.jpg',
      }),
    ).toBe('https://x.test/p.jpg')
    expect(thumbnailSrc({ ...base, media_url: 'javascript:alert(1)' })).toBeNull()
  })

  it("offers a card's picture at 320, 480 and 640 px wide at 4:3 for images on this site only", () => {
    expect(cardPictureSrcSet(base)?.split(', ')).toEqual([
      '/.netlify/images?url=%2Fapi%2Ffiles%2F1%2Fa%20b.png&w=320&h=240&fit=cover 320w',
      '/.netlify/images?url=%2Fapi%2Ffiles%2F1%2Fa%20b.png&w=480&h=360&fit=cover 480w',
      '/.netlify/images?url=%2Fapi%2Ffiles%2F1%2Fa%20b.png&w=640&h=480&fit=cover 640w',
    ])
    expect(cardPictureSrcSet(base, { gated: true })).toMatch(
      /^\/api\/file-link\/card-320\/1\/a b\.png 320w, /,
    )
    expect(cardPictureSrcSet({ ...base, media_url: 'https://x.test/a.png' })).toBeNull()
    expect(cardPictureSrcSet({ ...base, file_type: 'application/pdf' })).toBeNull()
  })

  it("draws an image with delivery settings through /api/image at the settings' version", () => {
    const adjusted = { ...base, id: 4 as FileId, rotate: 90 as const }
    const v = imageVersion(adjusted)
    expect(thumbnailSrc(adjusted)).toBe(`/api/image/4?w=150&h=150&fit=cover&v=${v}`)
    expect(thumbnailSrc(adjusted, { gated: true })).toBe(`/api/image/4?w=150&h=150&fit=cover&v=${v}`)
    expect(cardPictureSrcSet(adjusted)?.split(', ')).toEqual([
      `/api/image/4?w=320&h=240&fit=cover&v=${v} 320w`,
      `/api/image/4?w=480&h=360&fit=cover&v=${v} 480w`,
      `/api/image/4?w=640&h=480&fit=cover&v=${v} 640w`,
    ])
    // Without a setting, or for a file it cannot transform, the pictures stay as they were.
    expect(thumbnailSrc({ ...base, id: 4 as FileId })).toMatch(/^\/\.netlify\/images/)
    const svg = { ...adjusted, file_type: 'image/svg+xml', media_url: '/api/files/1/logo.svg' }
    expect(thumbnailSrc(svg)).toMatch(/^\/\.netlify\/images/)
    expect(thumbnailSrc({ ...adjusted, media_url: 'https://x.test/a.png' })).toBe('https://x.test/a.png')
    // In the trash, which /api/image answers 404 for: the file itself, through the Image CDN.
    expect(thumbnailSrc({ ...adjusted, deleted_at: '2026-12-07T10:00:00.000Z' })).toMatch(
      /^\/\.netlify\/images/,
    )
  })

  it('asks the Image CDN for a PNG of an SVG, never the SVG itself', () => {
    expect(thumbnailSrc({ ...base, file_type: 'image/svg+xml', media_url: '/api/files/1/logo.svg' })).toBe(
      '/.netlify/images?url=%2Fapi%2Ffiles%2F1%2Flogo.svg&w=150&h=150&fit=cover&fm=png',
    )
  })

  it('encodes the Office viewer URL', () => {
    expect(officeViewerUrl('https://a.test/x y.docx?v=1&z')).toBe(
      'https://view.officeapps.live.com/op/embed.aspx?src=https%3A%2F%2Fa.test%2Fx%20y.docx%3Fv%3D1%26z',
    )
  })

  it('only lets http(s) and same-site URLs into src and href', () => {
    expect(safeUrl('/a')).toBe('/a')
    expect(safeUrl('//evil.test/a')).toBeNull()
    expect(safeUrl('data:text/html,x')).toBeNull()
    expect(safeUrl('https://ok.test')).toBe('https://ok.test')
  })

  it('patches records the way the server does, and keeps untouched records by identity', () => {
    const a = listedRecord(1, { title: 'A', category: 'Images', author: 'Dana', tags: ['x', 'Y'] })
    const b = listedRecord(2, { title: 'B' })
    expect(patchRecord(a, { title: '', author: '', add_tags: ['z', 'x'], remove_tags: ['y'] })).toMatchObject(
      {
        title: 'Untitled',
        author: 'Unknown',
        category: 'Images',
        tags: ['x', 'z'],
      },
    )
    const moved = applyChange([a, b], withFolder([1], '/A'))
    expect(moved[0]?.folder_path).toBe('/A')
    expect(moved[1]).toBe(b)
    expect(applyChange([a, b], withoutRecords([2]))).toEqual([a])
  })

  it('sends only the bulk fields given a value, tags as arrays', () => {
    expect(fieldsOf({ title: ' ', category: ' Campaign ', add_tags: 'a, b,,', notes: '' })).toEqual({
      category: 'Campaign',
      add_tags: ['a', 'b'],
    })
    expect(fieldsOf({})).toEqual({})
  })

  it('selects ranges in display order, from the anchor either way', () => {
    const shown = (ids: number[]) => new ListResults(ids.map((id) => listedRecord(id)))
    expect(rangeIn(shown([5, 3, 9, 1]), 3, 1)).toEqual([3, 9, 1])
    expect(rangeIn(shown([5, 3, 9, 1]), 1, 5)).toEqual([5, 3, 9, 1])
    expect(rangeIn(shown([5, 3, 9, 1]), null, 9)).toEqual([9])
    expect(rangeIn(shown([5, 3]), 7, 3)).toEqual([3])
    expect(rangeIn(shown([5, 3]), 5, 7)).toEqual([])
  })

  it('sends batches of at most 500 ids and stops at a failed batch, keeping earlier results', async () => {
    const sizes: number[] = []
    const ids = Array.from({ length: 1200 }, (_, i) => i + 1)
    const outcome = await inBatches(ids, (batch) => {
      sizes.push(batch.length)
      if (sizes.length === 3) return Promise.reject(new Error('down'))
      return Promise.resolve(batch.map((id) => ({ id, success: true })))
    })
    expect(sizes).toEqual([500, 500, 200])
    expect(outcome.results).toHaveLength(1000)
    expect(outcome.failure).toBeInstanceOf(Error)
  })
})
