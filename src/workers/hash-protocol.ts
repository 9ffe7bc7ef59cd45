/** The messages between the page and the SHA-256 worker. */
export interface HashRequest {
  file: Blob
}

export type HashReply =
  { type: 'progress'; bytes: number } | { type: 'done'; sha256: string } | { type: 'error'; message: string }
