import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'

import { App } from '../../src/app/app'
import { Providers } from '../../src/app/providers'

/**
 * What jsdom lacks and the screen's libraries use: element sizes for the virtualizer (jsdom lays
 * nothing out), and the pointer-capture and scrolling calls Radix makes.
 */
export function installBrowserGaps(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 })
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
  Element.prototype.scrollIntoView = vi.fn()
  Element.prototype.hasPointerCapture = vi.fn(() => false)
  Element.prototype.releasePointerCapture = vi.fn()
  Element.prototype.setPointerCapture = vi.fn()
  window.matchMedia = vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }))
}

/** Renders the whole screen at `path` with an SWR cache of its own. */
export function renderScreen(path = '/') {
  window.history.replaceState(null, '', path)
  const user = userEvent.setup()
  const view = render(
    <Providers swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App />
    </Providers>,
  )
  return { user, ...view }
}
