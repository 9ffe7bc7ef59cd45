/**
 * JavaScript heap in use, by CDP's `Runtime.getHeapUsage`: the page's own, and each dedicated worker's,
 * reached through a target session of their own (the page is not cross-origin isolated, so
 * `measureUserAgentSpecificMemory` is not there, and `performance.memory` is not in workers).
 * Memory a WebAssembly instance allocates is an ArrayBuffer outside that heap: SQLite's worker reports
 * its size itself.
 */
import type { CDPSession, Page } from 'playwright-core'

interface Attached {
  sessionId: string
  targetInfo: { type: string; url: string }
}

interface HeapUsage {
  usedSize?: number
  embedderHeapUsedSize?: number
  backingStorageSize?: number
}

const inUse = (usage: HeapUsage) =>
  (usage.usedSize ?? 0) + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0)

export class HeapProbe {
  private readonly workers = new Map<string, string>()
  private seq = 0
  private readonly pending = new Map<number, (result: unknown) => void>()

  private readonly session: CDPSession

  private constructor(session: CDPSession) {
    this.session = session
    session.on('Target.attachedToTarget', (event: Attached) => {
      if (event.targetInfo.type === 'worker') this.workers.set(event.sessionId, event.targetInfo.url)
    })
    session.on('Target.detachedFromTarget', (event: { sessionId: string }) => {
      this.workers.delete(event.sessionId)
    })
    session.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
      const message = JSON.parse(event.message) as { id: number; result?: unknown }
      this.pending.get(message.id)?.(message.result)
      this.pending.delete(message.id)
    })
  }

  /** Attaches before the page makes its worker. */
  static async attach(page: Page): Promise<HeapProbe> {
    const session = await page.context().newCDPSession(page)
    const probe = new HeapProbe(session)
    await session.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    })
    return probe
  }

  private inWorker(sessionId: string, method: string): Promise<unknown> {
    const id = ++this.seq
    return new Promise((done) => {
      this.pending.set(id, done)
      void this.session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params: {} }),
      })
    })
  }

  /**
   * Bytes in use after a collection: the page's JS heap, and the sum over its workers of JS heap,
   * embedder heap and ArrayBuffer backing stores (typed arrays and a wasm instance's memory live there).
   */
  async usage(): Promise<{ page: number; workers: number }> {
    await this.session.send('HeapProfiler.collectGarbage').catch(() => undefined)
    const page = inUse(await this.session.send('Runtime.getHeapUsage'))
    let workers = 0
    for (const sessionId of this.workers.keys()) {
      await this.inWorker(sessionId, 'HeapProfiler.collectGarbage')
      workers += inUse((await this.inWorker(sessionId, 'Runtime.getHeapUsage')) ?? {})
    }
    return { page, workers }
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => undefined)
  }
}
