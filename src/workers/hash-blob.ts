import { concatBlockDigests, FINGERPRINT_BLOCK_BYTES } from '../contract/fingerprint'
import { Sha256 } from './sha256'

/**
 * Up to this size the whole file is read at once and its blocks are hashed by `crypto.subtle` all in
 * parallel, several times faster than one block after another, but with the file in memory.
 */
export const ONE_SHOT_MAX_BYTES = 256 * 1024 * 1024

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
 * receives and records keep as `sha256`. A file over `ONE_SHOT_MAX_BYTES` (or any file without
 * `crypto.subtle`) is read one block at a time, the next while the current one is hashed, so memory stays
 * flat whatever the size. `onProgress` gets the bytes hashed so far. Runs in the hash worker, and on the
 * page where there is no Worker (hash-file.ts).
 */
export async function fingerprintBlob(
  blob: Blob,
  onProgress: (bytes: number) => void = () => undefined,
  // Absent outside secure contexts (a plain-http address other than localhost); null forces the incremental code.
  subtle: SubtleCrypto | null = (globalThis.crypto as Partial<Crypto>).subtle ?? null,
): Promise<string> {
  if (subtle && blob.size <= ONE_SHOT_MAX_BYTES) {
    const bytes = new Uint8Array(await blob.arrayBuffer())
    const blocks = Array.from({ length: Math.ceil(bytes.length / FINGERPRINT_BLOCK_BYTES) }, (_, index) =>
      bytes.subarray(index * FINGERPRINT_BLOCK_BYTES, (index + 1) * FINGERPRINT_BLOCK_BYTES),
    )
    const digests = await Promise.all(blocks.map((block) => sha256Of(block, subtle)))
    onProgress(blob.size)
    return toHex(await sha256Of(concatBlockDigests(digests), subtle))
  }
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
  return toHex(await sha256Of(concatBlockDigests(digests), subtle))
}
