import { configure, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeAll, vi } from 'vitest'

import { App } from '../../src/app/app'
import { loadEveryLazyPart } from '../../src/components/ui/lazy-load'
import { Providers } from '../../src/app/providers'

/**
 * What jsdom lacks and the screen's libraries use: element sizes for the virtualizer (jsdom lays
 * nothing out), and the pointer-capture and scrolling calls Radix makes.
 */
export function installBrowserGaps(): void {
  // The whole screen runs against the real handlers; on a busy machine a step can take over a second.
  configure({ asyncUtilTimeout: 5000 })
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

/**
 * The screen's dialogs, list and Trash views (every part made with `lazyWithPreload`) load on demand, and
 * so does the library the page runs without workers (its loader, with zod, and its engine: 0078). The
 * first load of each, transformed on the spot, can outlast a findBy wait on a busy machine, and a part still
 * loading suspends the screen inside a user event: every file rendering the screen loads them all first.
 */
beforeAll(async () => {
  await Promise.all([loadEveryLazyPart(), import('../../src/features/library/engine/run-library')])
}, 120_000)

/** Renders the whole screen at `path` with an SWR cache of its own. */
export function renderScreen(path = '/') {
  // Toasts live in a module-level store that replays active ones to a new Toaster: start with none.
  toast.dismiss()
  window.history.replaceState(null, '', path)
  const user = userEvent.setup()
  const view = render(
    <Providers swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App />
    </Providers>,
  )
  return { user, ...view }
}

type User = ReturnType<typeof userEvent.setup>

/** Picks `option` in the Radix select named `label`. */
export async function choose(user: User, label: string, option: string | RegExp): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

/** The option names of the Radix select named `label` (opens it, reads it, closes it). */
export async function optionsOf(user: User, label: string): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: label }))
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent)
  await user.keyboard('{Escape}')
  return names
}

/** The titles of the cards or rows shown, in order. */
export function shownTitles(): string[] {
  const cards = screen.queryAllByRole('article')
  if (cards.length > 0) return cards.map((card) => card.getAttribute('aria-label') ?? '')
  return screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.file-table__title')?.textContent ?? '')
}

/** A card by title; `behindDialog` also finds it while a modal dialog hides the page from assistive tech. */
export async function card(title: string, behindDialog = false): Promise<HTMLElement> {
  return screen.findByRole('article', { name: title, hidden: behindDialog })
}
