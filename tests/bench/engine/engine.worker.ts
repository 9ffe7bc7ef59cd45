/**
 * The dedicated worker that owns the library in the engine benchmark: `?engine=columnar` or
 * `?engine=sqlite`. Each message is `{ seq, request }`; the answer is `{ seq, value }` or
 * `{ seq, error }`, and a selection's ids arrive before it as `{ seq, batch }`.
 */
import { ColumnarEngine } from './columnar.ts'
import { runRequest, type Engine, type Request } from './protocol.ts'
import { SqliteEngine } from './sqlite.ts'
import { storedBytes } from './stored-bytes.ts'

/** The worker's global scope, typed by what this file uses (the project compiles with the DOM library). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ seq: number; request: Request }>) => void) | null
  postMessage(message: unknown, transfer?: Transferable[]): void
  location: { href: string }
}
const scope = self as unknown as WorkerScope

const name = new URL(scope.location.href).searchParams.get('engine')
const engine: Engine =
  name === 'sqlite' || name === 'sqlite-fts' ? new SqliteEngine(name === 'sqlite-fts') : new ColumnarEngine()

async function handle(seq: number, request: Request): Promise<unknown> {
  if (request.op === 'memory') {
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
    return { ...engine.memory(), workerJsHeapBytes: memory?.usedJSHeapSize ?? -1, ...(await storedBytes()) }
  }
  return runRequest(engine, request, (ids) => {
    scope.postMessage({ seq, batch: ids }, [ids.buffer])
  })
}

scope.onmessage = (event) => {
  const { seq, request } = event.data
  handle(seq, request).then(
    (value) => {
      scope.postMessage({ seq, value })
    },
    (error: unknown) => {
      scope.postMessage({
        seq,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      })
    },
  )
}
scope.postMessage({ ready: true })
