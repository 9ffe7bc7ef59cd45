import { fingerprintBlob } from './hash-blob'
import type { HashReply, HashRequest } from './hash-protocol'

/** The worker's global scope, typed by what this file uses (the project compiles with the DOM library). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null
  postMessage(message: HashReply): void
}

const scope = self as unknown as WorkerScope

// Computes the file's fingerprint (block-wise SHA-256, `src/contract/fingerprint.ts`), not its plain SHA-256.

scope.onmessage = (event) => {
  fingerprintBlob(event.data.file, (bytes) => {
    scope.postMessage({ type: 'progress', bytes })
  }).then(
    (sha256) => {
      scope.postMessage({ type: 'done', sha256 })
    },
    (error: unknown) => {
      scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) })
    },
  )
}
