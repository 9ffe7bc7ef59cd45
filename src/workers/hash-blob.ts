import { concatBlockDigests, FINGERPRINT_BLOCK_BYTES } from '../contract/fingerprint'
import { Sha256 } from './sha256'

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** One SHA-256, raw: by `crypto.subtle` when there is one, else by the incremental code. */
async function sha256Of(bytes: Uint8Array<ArrayBuffer>, subtle: SubtleCrypto | null): Promise<Uint8Array> {
  if (subtle) return new Uint8Array(await subtle.digest('SHA-256', bytes))
  return new Sha256().update(bytes).digest()
}

/**
 * A blob's fingerprint as hex: NOT its plain SHA-256, but the SHA-256 of its 4 MiB blocks' SHA-256
 * digests (`src/contract/fingerprint.ts`), the value the built-in host computes from the bytes it
 * receives and records keep as `sha256`. Reads one block at a time, the next while the current one is
 * hashed, so memory stays flat whatever the size. `onProgress` gets the bytes hashed so far. Runs in the
 * hash worker, and on the page in tests, where there is no Worker.
 */
export async function fingerprintBlob(
  blob: Blob,
  onProgress: (bytes: number) => void = () => undefined,
  // Absent outside secure contexts (a plain-http address other than localhost); null forces the incremental code.
  subtle: SubtleCrypto | null = (globalThis.crypto as Partial<Crypto>).subtle ?? null,
): Promise<string> {
  const digests: Uint8Array[] = []
  const read = (start: number) => blob.slice(start, start + FINGERPRINT_BLOCK_BYTES).arrayBuffer()
  let next = blob.size > 0 ? read(0) : null
  for (let start = 0; next;) {
    const block = new Uint8Array(await next)
    if (block.length === 0) break
    start += block.length
    next = start < blob.size ? read(start) : null
    digests.push(await sha256Of(block, subtle))
    onProgress(start)
  }
  if (blob.size === 0) onProgress(0)
  return toHex(await sha256Of(concatBlockDigests(digests), subtle))
}
