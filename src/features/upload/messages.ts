/** Every text of the upload flow that the spec fixes word for word (sections 5 and 8). */
export const UPLOAD_MESSAGES = {
  tooManyFiles: 'Maximum 10 files allowed per batch upload',
  networkError: 'Network error during upload',
  saveFailed: 'Save failed',
  failedWithStatus: (status: number) => `Upload failed with status: ${String(status)}`,
  backendError: (status: number, text: string) => `Backend API error: ${String(status)} - ${text}`,
  someFailed: (succeeded: number, failed: number) =>
    `Upload complete! ${String(succeeded)} files uploaded successfully, ${String(failed)} failed.`,
  allSucceeded: (count: number) => `All ${String(count)} files uploaded successfully!`,
  totalFailure: (message: string) => `Upload failed: ${message}`,
} as const

/**
 * An upload that did not succeed. `message` is the spec's text; `detail` is what the host or server said,
 * shown beneath it so a user can act on it (a preset not allowed, a file over the plan's limit).
 */
export class UploadError extends Error {
  override name = 'UploadError'

  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message)
  }
}

/** A cancelled upload or request; checked by name, as fetch and XHR may use another realm's DOMException. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
}

export function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError')
}
