/** The page's and the library worker's JavaScript heap, read through Chromium's DevTools protocol. */
import type { Page } from 'playwright-core'

/** The page's JavaScript heap in use, in MB, after a garbage collection (Chromium's DevTools protocol). */
export async function heapInUse(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page)
  try {
    await session.send('HeapProfiler.collectGarbage')
    const { usedSize } = await session.send('Runtime.getHeapUsage')
    return Math.round(usedSize / 1e6)
  } finally {
    await session.detach()
  }
}

/**
 * The library worker's JavaScript heap in use and its ArrayBuffers' backing stores, in MB, after a
 * collection: a DevTools session of the page auto-attaches to its workers (not flattened, so the
 * worker's session is spoken to through `Target.sendMessageToTarget`), and the worker whose script is
 * the library's is asked `Runtime.getHeapUsage`. NaN where it cannot be reached.
 */
export async function workerHeapInUse(page: Page): Promise<{ heapMb: number; buffersMb: number }> {
  const session = await page.context().newCDPSession(page)
  const unknown = { heapMb: Number.NaN, buffersMb: Number.NaN }
  try {
    const attached = new Promise<string | null>((resolve) => {
      session.on('Target.attachedToTarget', (event) => {
        if (event.targetInfo.type === 'worker' && /library/i.test(event.targetInfo.url))
          resolve(event.sessionId)
      })
      setTimeout(() => {
        resolve(null)
      }, 5_000)
    })
    await session.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    })
    const sessionId = await attached
    if (sessionId === null) return unknown
    const answers = new Map<number, (result: unknown) => void>()
    session.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown }
      if (message.id !== undefined) answers.get(message.id)?.(message.result ?? message.error)
    })
    let lastId = 0
    const call = (method: string) =>
      new Promise<unknown>((resolve) => {
        const id = ++lastId
        answers.set(id, resolve)
        void session.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params: {} }),
        })
      })
    await call('HeapProfiler.collectGarbage')
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize?: number; backingStorageSize?: number }
    return {
      heapMb: usage.usedSize === undefined ? Number.NaN : Math.round(usage.usedSize / 1e6),
      buffersMb:
        usage.backingStorageSize === undefined ? Number.NaN : Math.round(usage.backingStorageSize / 1e6),
    }
  } catch {
    return unknown
  } finally {
    await session.detach().catch(() => undefined)
  }
}
