/**
 * How the hostile-file specs open a stored file and report what the browser did with it: each opening is
 * recorded with its outcome (a download, or the type of the document shown) and the script signals it
 * gave, printed as one summary per way of opening, and any signal fails the test.
 */
import { expect, type Download, type Page } from '@playwright/test'

import { scriptRuns, type Signal } from './script-watch'

/** How long a payload gets to run after its document or element loaded. */
export const SETTLE_MS = 400

export interface Opening {
  file: string
  how: string
  /** 'download', or the content type of the document the browser showed. */
  outcome: string
  signals: Signal[]
}

function summary(mode: string, openings: readonly Opening[]): string {
  const runs = openings.flatMap((opening) => scriptRuns(opening.signals))
  const markups = openings.flatMap((opening) => opening.signals).length - runs.length
  const downloads = openings.filter((opening) => opening.outcome.includes('download')).length
  const lines = openings.map(
    (opening) =>
      `  ${opening.file} (${opening.how}): ${opening.outcome}` +
      (opening.signals.length === 0 ? '' : ` SIGNALS ${JSON.stringify(opening.signals)}`),
  )
  return [
    `${mode}: ${String(openings.length)} openings, ${String(downloads)} downloads, ` +
      `${String(runs.length)} script runs, ${String(markups)} markup renders`,
    ...lines,
  ].join('\n')
}

/** Prints the summary of `mode` and fails if any opening gave a signal. */
export function expectNoneRan(mode: string, openings: readonly Opening[]): void {
  const report = summary(mode, openings)
  console.log(report)
  expect(
    openings.flatMap((opening) => opening.signals),
    report,
  ).toEqual([])
}

/** Opens `url` in the page: a download (which is accepted) or a document, then waits for any script. */
export async function openTopLevel(page: Page, url: string): Promise<string> {
  const download = page.waitForEvent('download', { timeout: 5_000 }).catch(() => null)
  const response = await page.goto(url).catch(() => null)
  if (response === null) {
    const started: Download | null = await download
    if (started === null) throw new Error(`${url} neither loaded nor downloaded`)
    await started.path()
    return 'download'
  }
  await page.waitForTimeout(SETTLE_MS)
  return page.evaluate(() => document.contentType).catch((error: unknown) => `unreadable: ${String(error)}`)
}
