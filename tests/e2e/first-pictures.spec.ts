/**
 * A first visit: the cards' pictures are asked for with the first cards, not after the screen's own
 * question about the access gate (`GET /api/access`), which waits for the first screen to be drawn
 * (decision 0062): the first page's answer says whether the gate is there (decision 0068).
 */
import { seedFiles } from './support/library'
import { expect, test } from './support/fixtures'

interface Marks {
  card?: number
  picture?: number
}

test('the first cards come with their pictures, asked for before the access gate is', async ({ page }) => {
  await seedFiles(
    ['landscape.jpg', 'portrait.png', 'small.webp', 'landscape.jpg'].map((fixture, index) => ({
      fixture,
      title: `Picture ${String(index + 1)}`,
    })),
  )
  // When the first card, and the first card's picture, are in the page.
  await page.addInitScript(() => {
    const marks: Marks = {}
    Object.assign(window, { firstMarks: marks })
    new MutationObserver(() => {
      const now = performance.now()
      if (marks.card === undefined && document.querySelector('[data-file-id]')) marks.card = now
      if (marks.picture === undefined && document.querySelector('[data-file-id] img')) marks.picture = now
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/')
  await expect(page.getByRole('article').first().locator('.thumbnail--loaded')).toHaveCount(1)

  const { marks, pictureAsked, accessAsked } = await page.evaluate(() => {
    const asked = (pattern: RegExp) =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => pattern.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      )
    return {
      marks: (window as unknown as { firstMarks: Marks }).firstMarks,
      pictureAsked: asked(/^\/\.netlify\/images$/),
      accessAsked: asked(/^\/api\/access$/),
    }
  })
  // The first card is drawn with its picture, and the picture is asked for before the gate's question.
  expect(marks.picture).toBe(marks.card)
  expect(pictureAsked).toBeLessThan(accessAsked)
})
