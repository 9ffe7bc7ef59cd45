/** tus answers beyond the shared error types (`../errors.ts`): each maps to its tus status. */

/** The upload expired and was or will be removed (410). */
export class UploadGoneError extends Error {
  override name = 'UploadGoneError'
}

/** `Upload-Offset` is not where the upload stands (409); the client asks HEAD and resumes from there. */
export class OffsetMismatchError extends Error {
  override name = 'OffsetMismatchError'

  constructor(readonly currentOffset: number) {
    super(`Upload-Offset does not match the upload's offset ${String(currentOffset)}`)
  }
}

/** `Upload-Checksum` does not match the chunk (tus checksum extension: 460). */
export class ChecksumMismatchError extends Error {
  override name = 'ChecksumMismatchError'
}
