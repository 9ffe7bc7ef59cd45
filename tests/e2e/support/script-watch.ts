/**
 * Watches a browser context for the signals a hostile payload gives when it runs (see
 * tests/fixtures/hostile/corpus.ts): a dialog, a console message naming the global, a request to the
 * marker path, the global set on a window. A marker request for markup (no script needed) shows a
 * document rendered when it should have been downloaded; it is kept apart from script runs.
 */
import type { BrowserContext, Page } from '@playwright/test'

import { MARKER_PATH, PWNED_GLOBAL } from '../../fixtures/hostile/corpus'

export interface Signal {
  kind: 'dialog' | 'console' | 'script request' | 'markup request' | 'global'
  detail: string
}

export interface ScriptWatch {
  /** The signals seen since the last call, emptied. */
  take: () => Signal[]
  /** Reads the global in every frame of `page`; each frame where it is set adds a signal. */
  checkGlobals: (page: Page) => Promise<void>
}

export async function watchScripts(context: BrowserContext): Promise<ScriptWatch> {
  let signals: Signal[] = []
  context.on('dialog', (dialog) => {
    signals.push({ kind: 'dialog', detail: `${dialog.type()}: ${dialog.message()}` })
    void dialog.dismiss().catch(() => undefined)
  })
  context.on('console', (message) => {
    if (message.text().includes(PWNED_GLOBAL)) signals.push({ kind: 'console', detail: message.text() })
  })
  await context.route(`**${MARKER_PATH}?**`, async (route) => {
    const url = new URL(route.request().url())
    const kind = url.searchParams.has('script') ? 'script request' : 'markup request'
    signals.push({ kind, detail: url.search })
    await route.fulfill({ status: 204 })
  })
  return {
    take: () => {
      const taken = signals
      signals = []
      return taken
    },
    checkGlobals: async (page) => {
      for (const frame of page.frames()) {
        // A frame that navigated away or was detached meanwhile has nothing left to read.
        const value = await frame
          .evaluate((name) => (window as unknown as Record<string, unknown>)[name], PWNED_GLOBAL)
          .catch(() => undefined)
        if (value !== undefined)
          signals.push({ kind: 'global', detail: `${frame.url()}: ${JSON.stringify(value)}` })
      }
    },
  }
}

/** Signals that mean a script ran (markup requests excluded). */
export function scriptRuns(signals: readonly Signal[]): Signal[] {
  return signals.filter((signal) => signal.kind !== 'markup request')
}
