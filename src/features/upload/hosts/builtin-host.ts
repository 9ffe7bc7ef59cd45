import { DetailedError, Upload, type PreviousUpload } from 'tus-js-client'

import {
  decodeUploadResult,
  DEFAULT_MAX_UPLOAD_BYTES,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  UPLOAD_RESULT_HEADER,
  uploadStatusSchema,
  type UploadMetadata,
  type UploadStatus,
} from '../../../contract/uploads'
import { UPLOADS_PATH } from '../../../contract/upload-paths'
import { reportAccessAnswer } from '../../../lib/access'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { isGatewayFailure } from '../../../lib/api-call'
import { mimeOf } from '../file-details'
import { abortError, isAbortError, UPLOAD_MESSAGES, UPLOAD_WORDS, UploadError } from '../messages'
import { validateIncomingFiles } from '../validate-files'
import { SERVER_WAIT_MS, serverWaiter, untilServerAnswers } from '../wait-for-server'
import { errorDetail } from './error-detail'
import {
  isRetryableRefusal,
  type HostedFile,
  type HostUploadOptions,
  type MediaHost,
  type MeasuredMetadata,
} from './media-host'

export interface BuiltinHostOptions {
  endpoint?: string
  chunkSize?: number
  /** Waits before each retry of a failed request; tus-js-client resumes from the server's offset. */
  retryDelays?: number[]
  maxFileBytes?: number
  /**
   * How long an upload waits for a server that does not answer (it goes on from the server's offset
   * once it does) before it fails; 10 minutes unless set.
   */
  serverWaitMs?: number
}

const MAX_NAME_CHARS = 255

/** A file name within the metadata limit, keeping its extension. */
function metadataName(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
  return name.slice(0, MAX_NAME_CHARS - extension.length) + extension
}

/**
 * `Upload-Metadata` values are strings; absent measurements are left out. The file's fingerprint is not
 * sent: the server computes its own from the bytes it receives (and would ignore a claimed one).
 */
export function tusMetadata(file: File, measured: MeasuredMetadata = {}): Record<string, string> {
  const metadata: UploadMetadata = { filename: metadataName(file.name || 'file'), filetype: mimeOf(file) }
  const entries: [string, string][] = Object.entries(metadata).map(([key, value]) => [key, String(value)])
  if (measured.width !== undefined) entries.push(['width', String(Math.round(measured.width))])
  if (measured.height !== undefined) entries.push(['height', String(Math.round(measured.height))])
  if (measured.duration !== undefined) entries.push(['duration', String(measured.duration)])
  return Object.fromEntries(entries)
}

function tusStatus(error: Error): number {
  return error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0
}

/**
 * A tus request that got no answer from the server: the connection dropped ("[object ProgressEvent]"
 * in tus-js-client's words), or a gateway answered for functions that are down.
 */
export function tusGotNoAnswer(error: Error): boolean {
  if (!(error instanceof DetailedError)) return false
  const response = error.originalResponse
  if (!response) return true
  return isGatewayFailure(response.getStatus(), errorDetail(response.getBody()) !== undefined)
}

/**
 * tus-js-client's failure as the spec's message, with the server's own words as the detail, or a
 * sentence when the server said nothing (never tus-js-client's own text).
 */
export function tusFailure(error: Error): UploadError {
  const response = error instanceof DetailedError ? error.originalResponse : null
  const status = response?.getStatus() ?? 0
  // Refused by the access gate, the screen asks to sign in; the file can then be retried.
  if (response && error instanceof DetailedError) reportAccessAnswer(status, error.originalRequest.getURL())
  if (response && status > 0 && (status < 200 || status >= 300)) {
    return new UploadError(UPLOAD_MESSAGES.failedWithStatus(status), errorDetail(response.getBody()))
  }
  return new UploadError(UPLOAD_MESSAGES.networkError, UPLOAD_WORDS.gaveUp)
}

async function readStatus(
  uploadUrl: string,
  options: HostUploadOptions,
  serverWaitMs: number,
): Promise<UploadStatus> {
  const { signal, onWaiting } = options
  const path = new URL(uploadUrl, window.location.href).pathname
  try {
    return await untilServerAnswers(() => apiRequest(path, { schema: uploadStatusSchema, signal }), {
      signal,
      onWaiting,
      serverWaitMs,
    })
  } catch (error) {
    if (error instanceof ApiError)
      throw new UploadError(UPLOAD_MESSAGES.failedWithStatus(error.status), error.message)
    if (isAbortError(error) || error instanceof UploadError) throw error
    throw new UploadError(UPLOAD_MESSAGES.networkError, UPLOAD_WORDS.gaveUp)
  }
}

function newest(previous: readonly PreviousUpload[]): PreviousUpload | undefined {
  return [...previous].sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0]
}

/**
 * tus-js-client's own retry rule (not for a 4xx other than 409 and 423, and not while offline), plus
 * 429: the platform's rate limit on uploads asks to wait, which the retry delays do. A request that got
 * no answer is tried once more at once (a dropped connection often comes back); after that the upload
 * waits for the server instead (`sendWithTus`), however long the retry delays.
 */
export function shouldRetryChunk(error: Error, retryAttempt = 0): boolean {
  const status = tusStatus(error)
  const retryable = status < 400 || status >= 500 || [409, 423, 429].includes(status)
  if (tusGotNoAnswer(error) && retryAttempt > 0) return false
  // Like tus-js-client, only a browser that says it is offline counts as offline.
  return retryable && (navigator as { onLine?: boolean }).onLine !== false
}

interface SentUpload {
  url: string
  /** The result the answer that completed the upload carried, or null when it carried none. */
  status: UploadStatus | null
}

/**
 * Sends the bytes through tus and resolves once the server holds all of them. The first chunk goes with
 * the creation request (creation-with-upload), so a file within one chunk takes one call, and the answer
 * that completes the upload carries its result.
 */
function sendWithTus(file: File, options: HostUploadOptions, settings: Required<BuiltinHostOptions>) {
  const { onProgress, signal, metadata, resumable = true, onWaiting, onRetrying } = options
  const waiter = serverWaiter({ signal, onWaiting, serverWaitMs: settings.serverWaitMs })
  return new Promise<SentUpload>((resolve, reject) => {
    // The server away: the upload waits for it, then goes on from the offset the server holds (tus asks
    // it with HEAD), keeping its progress; only after the long wait does it fail.
    const waitThenResume = (error: Error) => {
      waiter.pause().then(
        () => {
          if (!signal?.aborted) upload.start()
        },
        (waitError: unknown) => {
          signal?.removeEventListener('abort', onAbort)
          reject(isAbortError(waitError) ? abortError() : tusFailure(error))
        },
      )
    }
    const upload = new Upload(file, {
      endpoint: settings.endpoint,
      chunkSize: settings.chunkSize,
      retryDelays: settings.retryDelays,
      onShouldRetry: (error, retryAttempt) => {
        const retrying = shouldRetryChunk(error, retryAttempt)
        // A failure the server answered with (not a request it never answered, which waits for it
        // instead, nor a 409 or 423 of the protocol, which the retry settles with the server's offset).
        const status = tusStatus(error)
        if (retrying && !tusGotNoAnswer(error) && isRetryableRefusal(status)) onRetrying?.(status)
        return retrying
      },
      metadata: tusMetadata(file, metadata),
      uploadDataDuringCreation: true,
      storeFingerprintForResuming: resumable,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 1),
      onChunkComplete: () => {
        waiter.progressed()
      },
      onError: (error) => {
        if (tusGotNoAnswer(error) && !signal?.aborted) {
          waitThenResume(error)
          return
        }
        signal?.removeEventListener('abort', onAbort)
        reject(tusFailure(error))
      },
      onSuccess: ({ lastResponse }) => {
        signal?.removeEventListener('abort', onAbort)
        const status = decodeUploadResult(lastResponse.getHeader(UPLOAD_RESULT_HEADER))
        if (upload.url) resolve({ url: upload.url, status })
        else reject(new UploadError(UPLOAD_MESSAGES.networkError, 'The server gave no upload URL'))
      },
    })
    function onAbort() {
      void upload.abort(false)
      reject(abortError())
    }
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const previous = resumable ? upload.findPreviousUploads() : Promise.resolve([])
    previous.then(
      (found) => {
        if (signal?.aborted) return
        const latest = newest(found)
        if (latest) upload.resumeFromPreviousUpload(latest)
        upload.start()
      },
      () => {
        if (!signal?.aborted) upload.start()
      },
    )
  })
}

/**
 * The built-in media host (DESIGN section 6): tus 1.0 to the functions, chunks of at most 4 MiB, resumable
 * after a reload; the answer that completed the upload gives the media-host result, or, when it carried
 * none (a server of an older version), the finished upload's status.
 */
export function createBuiltinHost(options: BuiltinHostOptions = {}): MediaHost {
  const settings: Required<BuiltinHostOptions> = {
    endpoint: options.endpoint ?? UPLOADS_PATH,
    // Within what the server takes: at most MAX_CHUNK_BYTES, and every chunk but the last at least the minimum.
    chunkSize: Math.max(MIN_CHUNK_BYTES, Math.min(options.chunkSize ?? MAX_CHUNK_BYTES, MAX_CHUNK_BYTES)),
    retryDelays: options.retryDelays ?? [0, 1000, 3000, 5000, 10000],
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    serverWaitMs: options.serverWaitMs ?? SERVER_WAIT_MS,
  }
  return {
    kind: 'builtin',
    maxFileBytes: settings.maxFileBytes,
    async upload(file, uploadOptions = {}): Promise<HostedFile> {
      const [refused] = validateIncomingFiles([], [file], { maxBytes: settings.maxFileBytes }).rejected
      if (refused) throw new UploadError(refused.error)
      const sent = await sendWithTus(file, uploadOptions, settings)
      const status = sent.status ?? (await readStatus(sent.url, uploadOptions, settings.serverWaitMs))
      if (!status.complete) {
        throw new UploadError(UPLOAD_MESSAGES.networkError, 'The server has not received the whole file')
      }
      return { ...status.result, sha256: status.sha256 }
    },
  }
}
