/** The browser window every screen measurement uses, and a page of the app ready to be measured. */
import type { Browser, Page } from 'playwright-core'

export const VIEWPORT = { width: 1400, height: 900 }

/** A fresh page of the app at `origin`, its first cards painted and its idle work done. */
export async function openScreen(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  await page.goto(origin)
  await page.waitForSelector('.card', { timeout: 60_000 })
  // The idle work after the first screen (the full sort, the search columns) ends before anything is timed.
  await page.waitForTimeout(1500)
  return page
}
