import { createHash } from 'node:crypto'

/**
 * A file's fingerprint written out from its definition (`src/contract/fingerprint.ts`): SHA-256 over
 * the raw SHA-256 digests of the file's consecutive 4 MiB blocks. Independent of the app's own code, so
 * tests can check the browser's and the server's values against it.
 */
export function referenceFingerprint(bytes: Uint8Array): string {
  const outer = createHash('sha256')
  for (let start = 0; start < bytes.length; start += 4 * 1024 * 1024) {
    outer.update(
      createHash('sha256')
        .update(bytes.subarray(start, start + 4 * 1024 * 1024))
        .digest(),
    )
  }
  return outer.digest('hex')
}
