import { InvalidInputError } from '../errors'
import { pinnedHttpsRequest, resolvePublic, systemResolver, type Resolver } from '../imports/remote-fetch'
import { checkedReceiverUrl, isAllowListed } from './receiver-address'

/** How long a receiver has to answer one attempt. */
export const SEND_TIMEOUT_MS = 10_000

/** What one attempt came to: the receiver's status, or why none came. */
export interface SendOutcome {
  ok: boolean
  status_code: number | null
  duration_ms: number
  error: string | null
}

export interface SendRequest {
  url: string
  headers: Record<string, string>
  body: string
}

/**
 * POSTs one webhook. The address is checked again now, its name resolved and every answer public, and
 * the connection made to the checked address (`remote-fetch.ts`), so a receiver whose name moved inside
 * the network since it was added gets nothing. Redirects are not followed: a 3xx is a failure. Never
 * throws: a refusal, a timeout or a dropped connection is the outcome's error.
 */
export async function sendWebhook(
  { url: raw, headers, body }: SendRequest,
  { resolve = systemResolver, timeoutMs = SEND_TIMEOUT_MS }: { resolve?: Resolver; timeoutMs?: number } = {},
): Promise<SendOutcome> {
  const started = Date.now()
  const signal = AbortSignal.timeout(timeoutMs)
  const outcome = (status_code: number | null, error: string | null): SendOutcome => ({
    ok: status_code !== null && status_code >= 200 && status_code <= 299,
    status_code,
    duration_ms: Date.now() - started,
    error,
  })
  try {
    const url = checkedReceiverUrl(raw)
    if (isAllowListed(url)) {
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal })
      await response.body?.cancel()
      return outcome(response.status, null)
    }
    const address = await resolvePublic(url, resolve, undefined, 'webhook')
    const answer = await pinnedHttpsRequest(url, address, signal, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      body,
      use: 'webhook',
    })
    answer.discard()
    return outcome(answer.status, null)
  } catch (error) {
    if (error instanceof InvalidInputError) return outcome(null, error.message)
    if (signal.aborted) return outcome(null, `No answer within ${String(timeoutMs / 1000)} seconds`)
    return outcome(null, `Could not connect: ${error instanceof Error ? error.message : String(error)}`)
  }
}
