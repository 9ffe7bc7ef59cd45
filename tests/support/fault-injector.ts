import { StorageUnavailableError } from '../../netlify/server/storage/document-store'
import { describeCall, isMutation, type Interceptor, type StoreCall } from './store-interceptor'

/**
 * How the k-th store call fails:
 * - `crash`: throws a plain error before anything is stored (a bug, a dropped connection);
 * - `unavailable`: throws the 503-like error the Blobs adapter raises, before anything is stored;
 * - `unconfirmed`: a conditional write stores nothing yet answers with an empty etag, the
 *   `DocumentStore` form of Blobs' `{ modified: true, etag: '' }` (netlify/primitives#741);
 * - `lost-response`: the call takes effect, then the answer is lost and the caller sees a 503-like error.
 */
export type FaultMode = 'crash' | 'unavailable' | 'unconfirmed' | 'lost-response'

/**
 * The modes that mean something distinct for `call`: an empty etag only comes from a conditional
 * write, and losing the answer of a read is no different from the read failing.
 */
export function faultModesFor(call: StoreCall): FaultMode[] {
  const modes: FaultMode[] = ['crash', 'unavailable']
  if (call.op === 'write') modes.push('unconfirmed')
  if (isMutation(call)) modes.push('lost-response')
  return modes
}

export class InjectedCrash extends Error {
  override name = 'InjectedCrash'
}

/**
 * Counts store calls across both stores and fails the k-th one in the armed mode. Unarmed, it only
 * records the calls, which is how a test learns how many steps an operation takes.
 */
export class FaultInjector {
  /** Every call since the last `reset`, in order. */
  readonly calls: StoreCall[] = []
  private armed: { at: number; mode: FaultMode } | null = null
  /** The call the armed fault hit, once it has. */
  fired: StoreCall | null = null

  reset(): void {
    this.calls.length = 0
    this.armed = null
    this.fired = null
  }

  /** Fails the `at`-th call from now (1-based) in `mode`. */
  arm(at: number, mode: FaultMode): void {
    this.reset()
    this.armed = { at, mode }
  }

  disarm(): void {
    this.armed = null
  }

  readonly intercept: Interceptor = async (call, proceed) => {
    this.calls.push(call)
    const armed = this.armed
    if (armed?.at !== this.calls.length) return proceed()
    this.fired = call
    const where = `store call ${String(armed.at)}, ${describeCall(call)}`
    switch (armed.mode) {
      case 'crash':
        throw new InjectedCrash(`Injected crash at ${where}`)
      case 'unavailable':
        throw new StorageUnavailableError(`Injected 503 at ${where}`)
      case 'unconfirmed':
        if (call.op !== 'write') throw new Error(`No unconfirmed answer for ${where}`)
        return ''
      case 'lost-response':
        await proceed()
        throw new StorageUnavailableError(`Injected lost response after ${where}`)
    }
  }
}
