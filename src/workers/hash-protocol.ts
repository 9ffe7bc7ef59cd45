/**
 * The messages between the page and the hash worker. `sha256` in the reply is the file's fingerprint
 * (`src/contract/fingerprint.ts`), the value records keep as `sha256`: not the plain SHA-256 of the file.
 */
export interface HashRequest {
  file: Blob
}

export type HashReply =
  { type: 'progress'; bytes: number } | { type: 'done'; sha256: string } | { type: 'error'; message: string }
