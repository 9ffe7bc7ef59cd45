/**
 * The engine benchmark's page. `?engine=columnar|sqlite|baseline`; with `&open=1` it opens what is kept
 * as soon as its script runs and asks for the first rows of the default sort, which is the reload the
 * suite times (from navigation, `performance.now()`). The suite drives the rest through `window.bench`.
 */
import { BaselineEngine } from './baseline.ts'
import { DEFAULT_QUERY, runRequest, type Answer, type Engine, type Query, type Request } from './protocol.ts'

type Reply = { seq: number; value?: unknown; error?: string; batch?: Float64Array }

/** An engine in a dedicated worker, asked through messages. */
class WorkerEngine {
  private seq = 0
  private readonly waiting = new Map<
    number,
    { done: (reply: Reply) => void; batch?: (ids: Float64Array) => void }
  >()
  readonly ready: Promise<void>

  constructor(readonly worker: Worker) {
    this.ready = new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<Reply | { ready: true }>) => {
        if ('ready' in event.data) {
          resolve()
          return
        }
        const reply = event.data
        const waiting = this.waiting.get(reply.seq)
        if (reply.batch !== undefined) waiting?.batch?.(reply.batch)
        else waiting?.done(reply)
      }
    })
  }

  call(request: Request, batch?: (ids: Float64Array) => void): Promise<unknown> {
    const seq = ++this.seq
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, {
        batch,
        done: (reply) => {
          this.waiting.delete(seq)
          if (reply.error !== undefined) reject(new Error(reply.error))
          else resolve(reply.value)
        },
      })
      this.worker.postMessage({ seq, request })
    })
  }
}

/** The baseline on the page, behind the same calls. */
class PageEngine {
  constructor(private readonly engine: Engine) {}
  readonly ready = Promise.resolve()
  call(request: Request, batch?: (ids: Float64Array) => void): Promise<unknown> {
    if (request.op === 'memory') return Promise.resolve({})
    return runRequest(this.engine, request, batch ?? (() => undefined))
  }
}

const name = new URLSearchParams(location.search).get('engine') ?? 'columnar'
const client =
  name === 'baseline'
    ? new PageEngine(new BaselineEngine())
    : new WorkerEngine(new Worker(`/engine.worker.js?engine=${name}`, { type: 'module' }))

const pageHeap = () =>
  (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? -1

const bench = {
  async call(request: Request): Promise<{ ms: number; value: unknown }> {
    await client.ready
    const started = performance.now()
    const value = await client.call(request)
    return { ms: performance.now() - started, value }
  },
  /** Every matching id, in batches, until the last has reached the page. */
  async select(query: Query): Promise<{ ms: number; count: number; batches: number; last: number }> {
    await client.ready
    const started = performance.now()
    let batches = 0
    let received = 0
    let last = 0
    await client.call({ op: 'select', query }, (ids) => {
      batches++
      received += ids.length
      last = ids[ids.length - 1] ?? 0
    })
    return { ms: performance.now() - started, count: received, batches, last }
  },
  /** A keystroke: the query and its answer, timed. */
  async type(query: Query): Promise<{ ms: number; count: number; first: string }> {
    const { ms, value } = await bench.call({ op: 'query', query })
    const answer = value as Answer
    return { ms, count: answer.count, first: answer.rows[0]?.title ?? '' }
  },
  pageHeap,
  opened: null as null | { ms: number; found: boolean; count: number; first: string; error?: string },
}
Object.assign(window, { bench })

if (new URLSearchParams(location.search).get('open') === '1') {
  void (async () => {
    try {
      await client.ready
      const found = (await client.call({ op: 'open' })) as boolean
      const answer = found ? ((await client.call({ op: 'query', query: DEFAULT_QUERY })) as Answer) : null
      bench.opened = {
        ms: performance.now(),
        found,
        count: answer?.count ?? 0,
        first: answer?.rows[0]?.title ?? '',
      }
    } catch (error) {
      bench.opened = { ms: performance.now(), found: false, count: 0, first: '', error: String(error) }
    }
  })()
}
