/**
 * `node tests/bench/big-scroll.check.ts`: the grid and the list over a million files, in Debian's
 * Chromium, reach the last file and come back to the first: by the keyboard (End, Home), by dragging the
 * scrollbar's thumb to the bottom and the top, and a wheel turn still moves the files by the pixels it
 * scrolls. Exits 1 when any check fails. The page (screen/big-scroll/) mounts the grid or the list alone,
 * served by Vite, over records made when read, so a million files cost 4 MB.
 */
import { resolve } from 'node:path'

import react from '@vitejs/plugin-react'
import type { Page } from 'playwright-core'
import { createServer } from 'vite'

import { launchChromium } from './lib/chromium.ts'
import { dragUntilShown, topOf, waitShown } from './lib/scroll-area.ts'

const COUNT = 1_000_000
const VIEWPORT = { width: 1000, height: 800 }
/** The files shown before the library grows to `COUNT`: 20,000 fit under the cap. */
const SHOWN_FIRST = 20_000
/** Chromium stops laying out an element past 2^24 px. */
const CHROMIUM_LIMIT = 16_777_216

const failures: string[] = []
function check(name: string, ok: boolean, detail: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`)
  if (!ok) failures.push(name)
}

async function checkView(page: Page, origin: string, view: 'grid' | 'list') {
  const started = performance.now()
  await page.goto(`${origin}/?view=${view}&count=${String(COUNT)}`)
  await page.waitForSelector('[data-pos="0"]', { timeout: 30_000 })
  const last = COUNT - 1
  const height = await page.evaluate(() => document.querySelector('.results')?.scrollHeight ?? 0)
  check(
    `${view}: scroll area`,
    height < CHROMIUM_LIMIT / 2 + 1000,
    `${String(height)} px for ${String(COUNT)} files`,
  )

  await page.focus('[data-pos="0"]')
  await page.keyboard.press('End')
  const endShown = await waitShown(page, last)
  const endFocused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pos)
  check(
    `${view}: End`,
    endShown && endFocused === String(last),
    `last file shown ${String(endShown)}, focused ${String(endFocused)}`,
  )

  await page.keyboard.press('Home')
  const homeShown = await waitShown(page, 0)
  check(`${view}: Home`, homeShown, `first file shown ${String(homeShown)}`)

  await page.keyboard.press('PageDown')
  await page.keyboard.press('ArrowDown')
  const focused = Number(
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pos),
  )
  check(
    `${view}: PageDown, ArrowDown`,
    focused > 0 && (await waitShown(page, focused)),
    `file ${String(focused)} focused and shown`,
  )

  const dragEnd = await dragUntilShown(page, 'bottom', last)
  check(`${view}: thumb dragged to the bottom`, dragEnd, `last file shown ${String(dragEnd)}`)

  // A wheel turn near the end moves the files by the pixels it scrolls, not by a scaled amount.
  await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2)
  await page.mouse.wheel(0, -300)
  await page.waitForTimeout(400)
  const before = await topOf(page, last)
  await page.mouse.wheel(0, -200)
  await page.waitForTimeout(400)
  const after = await topOf(page, last)
  const moved = before === null || after === null ? null : after - before
  check(
    `${view}: wheel near the end`,
    moved !== null && Math.abs(moved - 200) <= 2,
    `last file moved ${String(moved)} px for 200 px of wheel`,
  )

  const dragTop = await dragUntilShown(page, 'top', 0)
  check(`${view}: thumb dragged to the top`, dragTop, `first file shown ${String(dragTop)}`)
  // A library growing past the cap while a file is in view keeps that file where it is.
  await page.goto(`${origin}/?view=${view}&count=${String(COUNT)}&shown=${String(SHOWN_FIRST)}`)
  await page.waitForSelector('[data-pos="0"]', { timeout: 30_000 })
  await page.focus('[data-pos="0"]')
  // The last of 20,000 files: a million pixels down, many pages into the scaled area.
  await page.keyboard.press('End')
  await waitShown(page, SHOWN_FIRST - 1)
  await page.keyboard.press('ArrowUp')
  const kept = Number(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pos))
  const keptTop = await topOf(page, kept)
  await page.evaluate((files) => {
    ;(window as unknown as { showFiles: (count: number) => void }).showFiles(files)
  }, COUNT)
  await page.waitForTimeout(300)
  const grownTop = await topOf(page, kept)
  const grownHeight = await page.evaluate(() => document.querySelector('.results')?.scrollHeight ?? 0)
  check(
    `${view}: grows past the cap`,
    kept > SHOWN_FIRST / 2 &&
      keptTop !== null &&
      grownTop !== null &&
      Math.abs(grownTop - keptTop) < 1 &&
      grownHeight < CHROMIUM_LIMIT / 2 + 1000,
    `file ${String(kept)} at ${String(keptTop)} px before, ${String(grownTop)} px after; area ${String(grownHeight)} px`,
  )
  await page.keyboard.press('End')
  const grownEnd = await waitShown(page, last)
  check(`${view}: End after growing`, grownEnd, `last file shown ${String(grownEnd)}`)
  console.log(`     ${view} took ${String(Math.round(performance.now() - started))} ms`)
}

async function main() {
  const server = await createServer({
    configFile: false,
    root: resolve(import.meta.dirname, 'screen/big-scroll'),
    plugins: [react()],
    logLevel: 'error',
    server: { port: 0, fs: { allow: [resolve(import.meta.dirname, '../..')] } },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (address === null || address === undefined || typeof address === 'string')
    throw new Error('No server address')
  const origin = `http://127.0.0.1:${String(address.port)}`
  const browser = await launchChromium({ scrollbars: true })
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage()
    page.on('pageerror', (error) => {
      failures.push(`page error: ${error.message}`)
      console.log(`FAIL page error: ${error.message}`)
    })
    for (const view of ['grid', 'list'] as const) await checkView(page, origin, view)
    const memory = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    )
    console.log(`     page heap ${String(Math.round(memory / 1e6))} MB`)
  } finally {
    await browser.close()
    await server.close()
  }
  if (failures.length > 0) {
    console.log(`\n${String(failures.length)} check(s) failed`)
    process.exit(1)
  }
  console.log('\nall checks passed')
}

await main()
