/** Debian's Chromium for the browser benchmarks (never a downloaded browser), headless and quiet. */
import { chromium, type Browser } from 'playwright-core'

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS })
}
