import { writeFile } from 'node:fs/promises'

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/**
 * Runs axe (WCAG 2.x A and AA rules, and its best practices) over the page once it has come to rest,
 * keeps the full result as an attachment, lists every finding on the test, and fails on any serious or
 * critical one.
 */
export async function scan(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { skip = [] }: { skip?: string[] } = {},
): Promise<void> {
  await settled(page)
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules(skip)
    .analyze()
  const report = testInfo.outputPath(`axe-${name}.json`)
  await writeFile(report, JSON.stringify(results.violations, null, 2))
  await testInfo.attach(`axe-${name}`, { path: report, contentType: 'application/json' })
  for (const violation of results.violations) {
    testInfo.annotations.push({
      type: `axe ${name}`,
      description: `${String(violation.impact)} ${violation.id}: ${violation.help} (${targets(violation)})`,
    })
  }
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.help} (${targets(violation)})`),
    `axe on ${name}`,
  ).toEqual([])
}

function targets(violation: { nodes: { target: unknown[] }[] }): string {
  return violation.nodes.map((node) => node.target.join(' ')).join(', ')
}

/**
 * Waits until nothing on the page is fading or sliding. axe reads colours as they are painted, opacity
 * included, so a toast scanned while it fades in (sonner mounts it transparent, then eases it in over
 * 0.4 s; on a busy machine that can start late and take frames longer) reads as text at a fraction of its
 * contrast. Endless animations, such as a spinner, are left running.
 */
async function settled(page: Page): Promise<void> {
  // A toast is added with data-mounted="false" and starts to enter on its next render.
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0)
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)))
  })
}
