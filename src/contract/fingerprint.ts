/**
 * A file's content fingerprint, the value duplicate detection matches on (a record's `sha256`). It is
 * NOT the plain SHA-256 of the file: it is the SHA-256 of the concatenated raw 32-byte SHA-256 digests
 * of the file's consecutive `FINGERPRINT_BLOCK_BYTES` blocks (the last block may be shorter; an empty
 * file has no blocks, so its fingerprint is the SHA-256 of nothing), as 64 lower-case hex digits.
 *
 * Hashing per block lets the built-in host compute it from the chunks as they arrive (the upload client
 * sends one block per chunk) and lets the browser hash a file of any size with flat memory. The browser
 * (`src/workers/hash-blob.ts`) and the server (`netlify/server/uploads/fingerprint.ts`) both follow this
 * module, so they agree by construction.
 */

/** The block size: the same as the largest tus chunk, so aligned chunks complete one block each. */
export const FINGERPRINT_BLOCK_BYTES = 4 * 1024 * 1024

/** How many blocks a file of `size` bytes has: none for an empty file. */
export function fingerprintBlockCount(size: number): number {
  return Math.ceil(size / FINGERPRINT_BLOCK_BYTES)
}

/** Where block `index` of a file of `size` bytes starts and ends (end exclusive). */
export function fingerprintBlockRange(index: number, size: number): { start: number; end: number } {
  const start = index * FINGERPRINT_BLOCK_BYTES
  return { start, end: Math.min(start + FINGERPRINT_BLOCK_BYTES, size) }
}

/** The bytes the final SHA-256 is taken over: the blocks' raw digests, in order. */
export function concatBlockDigests(digests: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(digests.length * 32)
  digests.forEach((digest, index) => {
    if (digest.length !== 32) throw new Error('A block digest is 32 bytes')
    joined.set(digest, index * 32)
  })
  return joined
}

/** A 64-digit lower-case hex fingerprint (the form records and manifests keep). */
export const FINGERPRINT_PATTERN = /^[a-f0-9]{64}$/
