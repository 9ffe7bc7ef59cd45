/** Debian's Chromium for the browser benchmarks (never a downloaded browser), headless and quiet. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
]

/** `scrollbars`: draw scrollbars as a desktop does (Playwright hides them in headless runs), to drag. */
export function launchChromium({ scrollbars = false }: { scrollbars?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ARGS,
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  })
}

/**
 * A browser with a profile on disk in `directory`: its OPFS and IndexedDB are files, as a visitor's are.
 * A context of `launchChromium` is off the record, which keeps storage in memory.
 */
export function launchChromiumProfile(directory: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(directory, { executablePath: CHROMIUM_PATH, args: ARGS })
}
