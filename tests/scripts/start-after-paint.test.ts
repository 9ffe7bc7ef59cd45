import { describe, expect, it } from 'vitest'

import { startAfterPaint } from '../../scripts/start-after-paint'

const page = (scripts: string) =>
  `<html><head><script src="/startup/start-app.js" defer></script>${scripts}` +
  '<link rel="stylesheet" crossorigin href="/assets/index-b.css"></head><body></body></html>'

describe('the built page runs its app script after its first paint', () => {
  it('turns the module script into a marked modulepreload of the same file, leaving the rest', () => {
    const built = startAfterPaint(
      page('<script type="module" crossorigin src="/assets/index-a.js"></script>'),
    )
    expect(built).toBe(
      page(
        '<link rel="modulepreload" crossorigin href="/assets/index-a.js" fetchpriority="low" data-app-script>',
      ),
    )
  })

  it('fails the build on a page with no module script or more than one', () => {
    expect(() => startAfterPaint(page(''))).toThrow('0 module scripts')
    const two = '<script type="module" crossorigin src="/a.js"></script>'.repeat(2)
    expect(() => startAfterPaint(page(two))).toThrow('2 module scripts')
  })
})
