import type { MediaHostResult } from '../../../contract/uploads'

/** What the page measured about a file before sending it; echoed back by the built-in host. */
export interface MeasuredMetadata {
  sha256?: string
  width?: number
  height?: number
  duration?: number
}

/** A refusal a host sends again after a wait, and says so (`onRetrying`): the server's trouble or its rate limit. */
export const isRetryableRefusal = (status: number): boolean => status === 429 || status >= 500

export interface HostUploadOptions {
  /** The fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /**
   * Called with true when the server stopped answering and the upload waits for it (its progress kept),
   * and with false once it goes on.
   */
  onWaiting?: (waiting: boolean) => void
  /**
   * Called with the server's status when it refused a request with one worth trying again
   * (`isRetryableRefusal`),
   * before the host sends it again after its delay; the next progress says it went on.
   */
  onRetrying?: (status: number) => void
  metadata?: MeasuredMetadata
  /**
   * Whether an interrupted upload of the same file may be picked up again after a page reload. Off for
   * files made on the page (thumbnails), which are never the same file twice.
   */
  resumable?: boolean
}

/** What a host answers for a stored file, and the fingerprint it computed from the bytes, if it computes one. */
export interface HostedFile extends MediaHostResult {
  /** `src/contract/fingerprint.ts` over the bytes the host received; the built-in host's only. */
  sha256?: string | null
}

/**
 * A place file bytes go (DESIGN section 6): the built-in host on Netlify Blobs, or Cloudinary. The dialog
 * talks to this interface only.
 */
export interface MediaHost {
  readonly kind: 'builtin' | 'cloudinary'
  /** The largest file the host takes; checked before any byte is sent. */
  readonly maxFileBytes: number
  upload(file: File, options?: HostUploadOptions): Promise<HostedFile>
  /**
   * The thumbnail URL of a stored file when the host makes thumbnails itself, or null when the file has
   * none. Absent when the page renders thumbnails and stores them through `upload`.
   */
  thumbnailUrl?: (result: MediaHostResult, mime: string) => string | null
}
