/**
 * The results' scroll area as a person moves through it: whether a file is drawn in view, waiting for
 * it, and dragging the scrollbar's thumb to an end (the big-scroll check and the million-file check).
 * The area is the `.results` element; a list's header row takes its top 45 px.
 */
import type { Page } from 'playwright-core'

/** Whether the file at `position` is drawn inside the scroll area's box (under the list's header). */
export async function shown(page: Page, position: number): Promise<boolean> {
  return page.evaluate((place) => {
    const results = document.querySelector('.results')
    const item = document.querySelector(`[data-pos="${String(place)}"]`)
    if (!results || !item) return false
    const area = results.getBoundingClientRect()
    const box = item.getBoundingClientRect()
    return box.bottom > area.top + 45 && box.top < area.bottom && box.height > 0
  }, position)
}

/** Waits up to `timeoutMs` for the file at `position` to be drawn in view (`shown`). */
export async function waitShown(page: Page, position: number, timeoutMs = 2_000): Promise<boolean> {
  for (let attempt = 0; attempt < timeoutMs / 50; attempt++) {
    if (await shown(page, position)) return true
    await page.waitForTimeout(50)
  }
  return false
}

/** The top of the file at `position` in the window, or null when it is not drawn. */
export async function topOf(page: Page, position: number): Promise<number | null> {
  return page.evaluate(
    (place) => document.querySelector(`[data-pos="${String(place)}"]`)?.getBoundingClientRect().top ?? null,
    position,
  )
}

/** Where the scroll area is scrolled to and which files it draws, for a failure's message. */
export async function where(page: Page): Promise<string> {
  return page.evaluate(() => {
    const results = document.querySelector<HTMLElement>('.results') ?? document.body
    const items = [...document.querySelectorAll<HTMLElement>('[data-pos]')].map((item) => item.dataset.pos)
    return `scrollTop ${String(results.scrollTop)} of ${String(results.scrollHeight - results.clientHeight)}, items ${String(items[0])}..${String(items.at(-1))}`
  })
}

/** Drags the scrollbar's thumb of the scroll area from where it is to the top or the bottom. */
export async function dragThumb(page: Page, to: 'top' | 'bottom') {
  const geometry = await page.evaluate(() => {
    const results = document.querySelector<HTMLElement>('.results') ?? document.body
    const box = results.getBoundingClientRect()
    const bar = results.offsetWidth - results.clientWidth
    // Linux's scrollbar has a square arrow button at each end of the track.
    const track = results.clientHeight - 2 * bar
    const thumb = Math.max((track * results.clientHeight) / results.scrollHeight, bar)
    const thumbTop = (results.scrollTop / (results.scrollHeight - results.clientHeight)) * (track - thumb)
    return {
      x: box.right - bar / 2,
      top: box.top,
      bottom: box.top + results.clientHeight,
      thumbMiddle: box.top + bar + thumbTop + thumb / 2,
      bar,
    }
  })
  if (geometry.bar === 0) throw new Error('The scroll area shows no scrollbar to drag')
  await page.mouse.move(geometry.x, geometry.thumbMiddle)
  await page.mouse.down()
  // Past the track's end, but inside the window: the browser drops a pointer outside it.
  const height = page.viewportSize()?.height ?? (await page.evaluate(() => window.innerHeight))
  const target = to === 'bottom' ? height - 1 : 0
  await page.mouse.move(geometry.x, target, { steps: 12 })
  // The thumb follows the pointer once the page has drawn the last step: hold it there a moment.
  await page.waitForTimeout(200)
  await page.mouse.up()
}

/**
 * Drags the thumb to an end and waits for the file there. Headless Chromium now and then ends a drag
 * early (now and then in these runs, the page showing no reason): the drag is tried once more
 * from where the thumb stopped, and a second miss fails.
 */
export async function dragUntilShown(
  page: Page,
  to: 'top' | 'bottom',
  position: number,
  timeoutMs = 2_000,
): Promise<boolean> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    await dragThumb(page, to)
    if (await waitShown(page, position, timeoutMs)) return true
    console.log(`     drag ${String(attempt)} to the ${to} stopped short: ${await where(page)}`)
  }
  return false
}
