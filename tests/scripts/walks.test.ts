import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkWalks, linkBetween, MOST_STEPS, readWalks, routesCalled } from '../../scripts/walks'

const ROOT = join(import.meta.dirname, '..', '..')
const WALKS = readFileSync(join(ROOT, 'docs/walks.md'), 'utf8')

describe('the walks of docs/walks.md', () => {
  it('are there, each of at most 12 files that exist, each step linked in the code to the one it follows', () => {
    const walks = readWalks(WALKS)
    expect(walks.map((walk) => walk.title)).toEqual([
      '1. A reload to the first list: the kept rows',
      "1b. A first visit to the first list: the server's first page",
      "1c. A reload's one request: what changed since the kept library",
      '2. A bulk move',
      '3. A change reaches the screen',
      '4. Results to cards',
      '5. Adding a bulk action',
    ])
    expect(checkWalks(ROOT, WALKS)).toEqual([])
  })
})

describe('checkWalks', () => {
  const walk = (...lines: string[]) => ['## A walk', '', ...lines].join('\n')

  it('refuses a step not linked to the one before, and one that does not exist', () => {
    const problems = checkWalks(
      ROOT,
      walk(
        '1. `index.html`: the page.',
        '2. `src/features/library/components/media-card.tsx`: a card.',
        '3. `src/gone.ts`: gone.',
      ),
    )
    expect(problems).toEqual([
      'docs/walks.md, "A walk": step 2, src/features/library/components/media-card.tsx, is not linked to index.html',
      'docs/walks.md, "A walk": step 3, src/gone.ts, does not exist',
    ])
  })

  it(`refuses a walk of more than ${String(MOST_STEPS)} files, a file twice, and a step following no earlier one`, () => {
    // The first visit's walk, then results to cards, which goes on from its last step, to one too many.
    const walks = readWalks(WALKS)
    const server = walks[1]?.steps ?? []
    const toCards = (walks.find((each) => each.title.startsWith('4.'))?.steps ?? []).map((step) => step.path)
    const longer = [
      ...server.map(({ number, path, after }) => {
        const follows = after === null || after === number - 1 ? '' : ` (after ${String(after)})`
        return `${String(number)}. \`${path}\`${follows}`
      }),
      ...toCards
        .slice(0, MOST_STEPS + 1 - server.length)
        .map((path, at) => `${String(server.length + at + 1)}. \`${path}\``),
    ]
    expect(checkWalks(ROOT, walk(...longer))).toEqual([
      `docs/walks.md, "A walk": ${String(MOST_STEPS + 1)} files, more than ${String(MOST_STEPS)}`,
    ])
    expect(
      checkWalks(
        ROOT,
        walk(
          '1. `src/app/main.tsx`',
          '2. `index.html`',
          '3. `src/app/main.tsx`',
          '4. `index.html` (after 5)',
        ),
      ),
    ).toEqual([
      'docs/walks.md, "A walk": step 3 repeats src/app/main.tsx',
      'docs/walks.md, "A walk": step 4 repeats index.html',
      'docs/walks.md, "A walk": step 4 follows no earlier step',
    ])
  })

  it('links a file to what it imports, through a feature front door, and to the worker it starts', () => {
    expect(linkBetween(ROOT, 'src/app/main.tsx', 'src/features/library/listing/early-start.ts')).toBe(
      'src/app/main.tsx loads src/features/library/listing/early-start.ts',
    )
    expect(
      linkBetween(
        ROOT,
        'src/features/library/engine/library.worker.ts',
        'src/features/library/listing/library-worker.ts',
      ),
    ).toBe(
      'src/features/library/listing/library-worker.ts loads src/features/library/engine/library.worker.ts',
    )
    expect(linkBetween(ROOT, 'index.html', 'public/startup/start-app.js')).toBe(
      'index.html loads public/startup/start-app.js',
    )
    expect(linkBetween(ROOT, 'src/app/main.tsx', 'src/features/bulk-actions/commands/move.tsx')).toBeNull()
  })

  it('links a call to the function of its route, by name or by path, and not to another', () => {
    expect(routesCalled('apiRequest(ENDPOINTS.batchMoveToFolder, {})')).toEqual(
      new Set(['netlify/functions/batch-move-to-folder.mts']),
    )
    expect(routesCalled("fetch('/api/media-pages?shards=0-0')")).toEqual(
      new Set(['netlify/functions/media-pages.mts']),
    )
    expect(routesCalled("`${routePath('mediaPages')}?shards=0-0`")).toEqual(
      new Set(['netlify/functions/media-pages.mts']),
    )
    expect(routesCalled("fetch('/api/media-usage')")).toEqual(new Set())
  })
})
