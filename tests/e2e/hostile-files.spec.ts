/**
 * Scenario S1 of research/reliability.md in a real browser: every hostile file of the corpus (stored
 * through tus and recorded as the Upload dialog does) is opened top-level, in the Details preview, and
 * from a page of this site as a script and in a frame. Downloads are fine; a script run is not. Each way
 * is counted and printed. The file function sets every header of a file's answer itself, so the real
 * functions in process serve them as a deployed site does; the thumbnail URL, drawn by the Image CDN,
 * is opened on netlify dev by hostile-thumbnails.spec.ts.
 */
import type { Locator, Page } from '@playwright/test'

import { HOSTILE_FILES, hostileTitle, MARKER_PATH, type HostileFile } from '../fixtures/hostile/corpus'
import { storeHostileFile, type StoredHostileFile } from '../fixtures/hostile/store-hostile'
import { expect, startFromLibrary, test } from './support/fixtures'
import { expectNoneRan, openTopLevel, SETTLE_MS, type Opening } from './support/hostile-openings'
import { watchScripts } from './support/script-watch'
import { card, openScreen } from './support/screen'
import { baseUrl } from './support/server'

// Opening files changes none: one library for the whole file.
test.use({ resetLibrary: false })

const stored: StoredHostileFile[] = []

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await startFromLibrary(async () => {
    for (const file of HOSTILE_FILES) stored.push(await storeHostileFile(baseUrl(), file))
  })
})

function corpusFile(id: string): HostileFile {
  const found = HOSTILE_FILES.find((file) => file.id === id)
  if (!found) throw new Error(`no ${id} in the corpus`)
  return found
}

test('the watch sees payloads that do run: top-level, as a script and in a frame', async ({
  context,
  page,
}) => {
  const watch = await watchScripts(context)
  // Two payloads of the corpus served by the test itself, on this site, with no protection at all.
  await page.route('**/control-page', (route) =>
    route.fulfill({ contentType: 'text/html', body: Buffer.from(corpusFile('html').bytes) }),
  )
  await page.route('**/control-script', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: Buffer.from(corpusFile('js-file').bytes) }),
  )
  // Signals arrive when the browser gets to them: poll until the expected ones are in, then start over.
  const seen = new Set<string>()
  const kinds = async () => {
    await watch.checkGlobals(page)
    for (const signal of watch.take()) seen.add(signal.kind)
    return [...seen].sort()
  }
  const expectKinds = async (expected: string[]) => {
    await expect.poll(kinds, { timeout: 15_000 }).toEqual(expected)
    seen.clear()
  }

  await page.goto('/control-page')
  await expectKinds(['console', 'dialog', 'global', 'markup request', 'script request'])

  await openScreen(page)
  await page.evaluate(() => {
    const element = document.createElement('script')
    element.src = '/control-script'
    document.head.append(element)
  })
  await expectKinds(['console', 'dialog', 'global', 'script request'])

  await openScreen(page)
  expect(await frameOnPage(page, '/control-page')).toBe('frame loaded')
  await expectKinds(['console', 'dialog', 'global', 'markup request', 'script request'])
  expect(MARKER_PATH).toBe('/pwned')
})

test('opened top-level, no hostile file runs a script; the active ones download', async ({ context }) => {
  test.setTimeout(240_000)
  const watch = await watchScripts(context)
  const page = await context.newPage()
  const openings: Opening[] = []
  for (const entry of stored) {
    const outcome = await openTopLevel(page, entry.fileUrl)
    await watch.checkGlobals(page)
    openings.push({ file: entry.file.id, how: 'file URL', outcome, signals: watch.take() })
    // Active files download; the others show as what the policy serves them as, never as a page.
    const expected = entry.file.active ? 'download' : entry.file.servedAs.split(';')[0]
    expect(outcome, entry.file.id).toBe(expected)
  }
  expectNoneRan('top-level', openings)
})

/**
 * What the preview settles on: its image decoded or not, its player or frame, or its placeholder (an image
 * that fails to decode, such as an SVG the Image CDN did not draw, gives way to the placeholder).
 */
async function previewShown(dialog: Locator): Promise<string> {
  let shown = ''
  // The file function can take seconds to answer on a busy machine.
  await expect
    .poll(
      async () => {
        shown = await dialog.evaluate((element) => {
          const image = element.querySelector<HTMLImageElement>('.preview img')
          if (image) {
            if (!image.complete) return ''
            return image.naturalWidth > 0 ? 'img (decoded)' : 'img (not decoded)'
          }
          if (element.querySelector('.preview video')) return 'video'
          if (element.querySelector('.preview iframe')) return 'iframe'
          return 'placeholder'
        })
        return shown
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  return shown
}

test('in the Details preview, no hostile file runs a script', async ({ context, page }) => {
  test.setTimeout(240_000)
  const watch = await watchScripts(context)
  const downloads: string[] = []
  context.on('page', (opened) => {
    opened.on('download', (download) => downloads.push(download.url()))
  })
  page.on('download', (download) => downloads.push(download.url()))
  const openings: Opening[] = []
  await openScreen(page)
  for (const entry of stored) {
    const title = hostileTitle(entry.file)
    await page.getByPlaceholder('Search files...').fill(title)
    // The search reaches the URL after a pause; Details opened before that closes when it lands.
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === title)
    await card(page, title)
      .getByRole('button', { name: /^View / })
      .click()
    const dialog = page.getByRole('dialog', { name: title })
    // The dialog's code loads on first use, which can take seconds on a busy machine.
    await expect(dialog).toBeVisible({ timeout: 30_000 })
    let outcome = await previewShown(dialog)
    // A frame's document gets its chance to run (or its download to start).
    if (outcome === 'iframe') await page.waitForTimeout(1_000)
    const link = dialog.getByRole('link', { name: 'Download File' })
    if ((await link.count()) > 0) {
      const download = page.waitForEvent('download')
      await link.click()
      await (await download).path()
      outcome += ', Download File downloads'
    }
    await page.waitForTimeout(SETTLE_MS)
    await watch.checkGlobals(page)
    openings.push({ file: entry.file.id, how: entry.fileType, outcome, signals: watch.take() })
    // The Close button, the one way out for every kind (Escape is covered by details.spec.ts).
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  console.log(`downloads started from the preview: ${String(downloads.length)}`)
  expectNoneRan('preview', openings)
})

/** Frames the file in a page of this site: the frame loads, or the file downloads instead. */
async function frameOnPage(page: Page, src: string): Promise<string> {
  const download = page.waitForEvent('download', { timeout: 5_000 }).then(
    async (started) => {
      await started.path()
      return 'download'
    },
    () => 'neither loaded nor downloaded',
  )
  const loaded = page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const frame = document.createElement('iframe')
        frame.src = url
        frame.dataset.hostile = 'true'
        frame.onload = () => {
          resolve('frame loaded')
        }
        document.body.append(frame)
      }),
    src,
  )
  return Promise.race([loaded, download])
}

test('from a page of this site, no hostile file runs as a script or in a frame', async ({
  context,
  page,
}) => {
  test.setTimeout(240_000)
  const watch = await watchScripts(context)
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('strict MIME type checking is enabled')) refusals.push(message.text())
  })
  await openScreen(page)
  const openings: Opening[] = []
  for (const entry of stored) {
    const asScript = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const element = document.createElement('script')
          element.src = src
          element.onload = () => {
            resolve('script loaded')
          }
          element.onerror = () => {
            resolve('script refused')
          }
          document.head.append(element)
        }),
      entry.fileUrl,
    )
    await page.waitForTimeout(SETTLE_MS)
    await watch.checkGlobals(page)
    openings.push({ file: entry.file.id, how: 'script', outcome: asScript, signals: watch.take() })
    expect(asScript, `${entry.file.id} as a script`).toBe('script refused')
    // Refused by nosniff for its type, not for any other reason.
    const absolute = new URL(entry.fileUrl, baseUrl()).href
    expect(refusals.filter((text) => text.includes(absolute)).length, entry.file.id).toBeGreaterThan(0)

    const framed = await frameOnPage(page, entry.fileUrl)
    await page.waitForTimeout(SETTLE_MS)
    await watch.checkGlobals(page)
    await page.evaluate(() => {
      document.querySelectorAll('iframe[data-hostile]').forEach((frame) => {
        frame.remove()
      })
    })
    openings.push({ file: entry.file.id, how: 'iframe', outcome: framed, signals: watch.take() })
  }
  console.log(`console messages refusing a script for its MIME type: ${String(refusals.length)}`)
  expectNoneRan('as a script and in a frame', openings)
})
