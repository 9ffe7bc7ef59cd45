/**
 * Records every Content-Security-Policy violation a page meets: the `securitypolicyviolation` events of
 * every frame of this site, and the console messages Chromium prints when a policy blocks something.
 */
import type { Page } from '@playwright/test'

export interface CspViolation {
  source: 'event' | 'console'
  text: string
}

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/** Starts recording; call before the first `goto`. Read the result with `violations()`. */
export async function watchCsp(page: Page): Promise<{ violations: () => Promise<CspViolation[]> }> {
  const fromConsole: CspViolation[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|Refused to (load|frame|execute|connect|apply|create)/i.test(text)) {
      fromConsole.push({ source: 'console', text })
    }
  })
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile})`,
      )
    })
  })
  return {
    violations: async () => {
      const fromEvents = await Promise.all(
        page
          .frames()
          .map((frame) => frame.evaluate(() => window.__cspViolations ?? []).catch(() => [] as string[])),
      )
      return [...fromEvents.flat().map((text) => ({ source: 'event' as const, text })), ...fromConsole]
    },
  }
}
