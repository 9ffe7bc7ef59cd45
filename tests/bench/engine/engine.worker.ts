/**
 * The dedicated worker that owns the library in the engine benchmark: `?engine=columnar` or
 * `?engine=sqlite`. Each message is `{ seq, request }`; the answer is `{ seq, value }` or
 * `{ seq, error }`, and a selection's ids arrive before it as `{ seq, batch }`.
 */
import { ColumnarEngine } from './columnar.ts'
import type { Engine, Request } from './protocol.ts'
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
  switch (request.op) {
    case 'import':
      return engine.import(request.size, request.pages)
    case 'open':
      return engine.open()
    case 'query':
      return engine.query(request.query)
    case 'select':
      return engine.select(request.query, (ids) => {
        scope.postMessage({ seq, batch: ids }, [ids.buffer])
      })
    case 'update':
      return engine.update(request.id, request.title, request.tags)
    case 'memory': {
      const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
      return { ...engine.memory(), workerJsHeapBytes: memory?.usedJSHeapSize ?? -1, ...(await storedBytes()) }
    }
    case 'clear':
      return engine.clear()
  }
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
