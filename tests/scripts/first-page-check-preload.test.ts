import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'

import { initialUrls } from '../../scripts/bundle-sizes'
import {
  FIRST_PAGE_CHECK_ATTRIBUTE,
  firstPageCheckFiles,
  preloadFirstPageCheck,
} from '../../scripts/first-page-check-preload'

/** The fields of a built chunk the preload reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[], isEntry = false) {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry } as unknown as Rolldown.OutputChunk
}

const CHECK = '/project/src/features/library/listing/page-text.ts'

const bundle = {
  'assets/index-a.js': chunk('assets/index-a.js', ['/project/src/app/main.tsx'], [], true),
  'assets/page-text-b.js': chunk('assets/page-text-b.js', [CHECK], ['assets/zod-c.js', 'assets/index-a.js']),
  'assets/zod-c.js': chunk('assets/zod-c.js', ['/project/node_modules/zod/index.js'], []),
  'assets/record-d.js': chunk('assets/record-d.js', ['/project/src/contract/record.ts'], ['assets/zod-c.js']),
  'assets/dialog-e.js': chunk('assets/dialog-e.js', ['/project/src/app/dialog.tsx'], ['assets/record-d.js']),
  'assets/index-f.css': { type: 'asset', fileName: 'assets/index-f.css' },
} as unknown as Rolldown.OutputBundle

describe("the first page's check, preloaded beside the app's script", () => {
  it("takes the check's chunk and what it imports, but not the entry's chunk nor other lazy chunks", () => {
    expect(firstPageCheckFiles(bundle)).toEqual(['assets/page-text-b.js', 'assets/zod-c.js'])
  })

  it('fails the build when no chunk holds the check', () => {
    const without = { 'assets/index-a.js': bundle['assets/index-a.js'] } as Rolldown.OutputBundle
    expect(() => firstPageCheckFiles(without)).toThrow('page-text.ts')
  })

  it('adds a low-priority marked modulepreload of each before the head ends, outside the first route', () => {
    const html =
      '<html><head><link rel="modulepreload" crossorigin href="/assets/index-a.js" fetchpriority="low" data-app-script></head><body></body></html>'
    const built = preloadFirstPageCheck(html, ['assets/page-text-b.js', 'assets/zod-c.js'], '/')
    expect(built).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/page-text-b.js" fetchpriority="low" ${FIRST_PAGE_CHECK_ATTRIBUTE}>`,
    )
    expect(built.indexOf('/assets/zod-c.js')).toBeLessThan(built.indexOf('</head>'))
    expect(initialUrls(built)).toEqual(['/assets/index-a.js'])
  })
})
