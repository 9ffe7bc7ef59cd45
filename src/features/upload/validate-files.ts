import { LIMITS } from '../../contract/limits'
import { formatBytes } from '../../lib/format-bytes'
import { UPLOAD_MESSAGES } from './messages'

/** A file refused as it came in, with the reason attached to it. */
export interface RejectedFile {
  file: File
  error: string
}

export interface IncomingFiles {
  accepted: File[]
  rejected: RejectedFile[]
  /** The batch-level alert: set when the count limit refused the whole drop. */
  alert: string | null
}

export interface FileLimits {
  /** Files per batch; spec section 5. */
  maxFiles?: number
  /** The media host's largest file. */
  maxBytes: number
}

export function tooLargeMessage(file: Blob & { name: string }, maxBytes: number): string {
  return `"${file.name}" is ${formatBytes(file.size)}; the largest file allowed is ${formatBytes(maxBytes)}.`
}

/**
 * The one check for files coming in, used where files are dropped and again by the media hosts before
 * any byte is sent. Spec section 5: more than 10 files in the batch adds none of them.
 */
export function validateIncomingFiles(
  existing: readonly unknown[],
  added: readonly File[],
  { maxFiles = LIMITS.uploadBatchFiles, maxBytes }: FileLimits,
): IncomingFiles {
  if (existing.length + added.length > maxFiles) {
    return { accepted: [], rejected: [], alert: UPLOAD_MESSAGES.tooManyFiles }
  }
  const accepted: File[] = []
  const rejected: RejectedFile[] = []
  for (const file of added) {
    if (file.size > maxBytes) rejected.push({ file, error: tooLargeMessage(file, maxBytes) })
    else accepted.push(file)
  }
  return { accepted, rejected, alert: null }
}
