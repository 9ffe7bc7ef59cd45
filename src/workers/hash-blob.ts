import { Sha256 } from './sha256'

/** Bytes read per step: small enough to keep memory flat, large enough that reads are not the cost. */
const READ_BYTES = 4 * 1024 * 1024

/**
 * Up to this size the whole file is read at once and hashed by `crypto.subtle`, which is several times
 * faster than the incremental code but needs the file in memory (performance notes, section 5).
 */
export const ONE_SHOT_MAX_BYTES = 256 * 1024 * 1024

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The SHA-256 of a blob as hex, reading it piece by piece. `onProgress` gets the bytes hashed so far.
 * Runs in the hash worker, and on the page in tests, where there is no Worker.
 */
export async function hashBlob(
  blob: Blob,
  onProgress: (bytes: number) => void = () => undefined,
  // Absent outside secure contexts (a plain-http address other than localhost); null forces the piecewise path.
  subtle: SubtleCrypto | null = (globalThis.crypto as Partial<Crypto>).subtle ?? null,
): Promise<string> {
  if (subtle && blob.size <= ONE_SHOT_MAX_BYTES) {
    const digest = await subtle.digest('SHA-256', await blob.arrayBuffer())
    onProgress(blob.size)
    return toHex(digest)
  }
  const hash = new Sha256()
  let offset = 0
  // Read the next piece while the current one is hashed.
  let next = blob.slice(0, READ_BYTES).arrayBuffer()
  while (offset < blob.size) {
    const piece = new Uint8Array(await next)
    offset += piece.length
    if (offset < blob.size) next = blob.slice(offset, offset + READ_BYTES).arrayBuffer()
    hash.update(piece)
    onProgress(offset)
    if (piece.length === 0) break
  }
  return hash.digestHex()
}
