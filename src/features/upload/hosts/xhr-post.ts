import { abortError } from '../messages'

export interface PostRequest {
  url: string
  body: FormData
  headers?: Record<string, string>
  /** The fraction of this request's body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

export interface PostResponse {
  status: number
  body: string
}

/** A POST that reports upload progress; resolves with any HTTP answer, rejects only without one. */
export type PostWithProgress = (request: PostRequest) => Promise<PostResponse>

/** Thrown when no HTTP answer arrived (offline, DNS, CORS refusal). */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure'
}

/** `fetch` has no upload progress, so the bytes go through XMLHttpRequest (research notes, 1.7). */
export const xhrPost: PostWithProgress = ({ url, body, headers = {}, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const xhr = new XMLHttpRequest()
    const onAbort = () => {
      xhr.abort()
    }
    const settle = () => {
      signal?.removeEventListener('abort', onAbort)
    }
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      settle()
      resolve({ status: xhr.status, body: xhr.responseText })
    }
    xhr.onerror = () => {
      settle()
      reject(new NetworkFailure('The request did not get an answer'))
    }
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => {
      settle()
      reject(abortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.send(body)
  })
