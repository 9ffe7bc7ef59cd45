import { webhookAllowHosts } from '../env'
import { InvalidInputError } from '../errors'
import { checkedUrl } from '../imports/remote-fetch'

/**
 * Where webhooks may go: the rules of import from a URL (decision 0048: https on its standard port, a
 * public host), except for the `host:port` pairs of `WEBHOOK_ALLOW_HOSTS`, a receiver on this machine
 * in development and tests, which may be http too.
 */

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

/** Whether `url` is one of `WEBHOOK_ALLOW_HOSTS`, read afresh each time. */
export function isAllowListed(url: URL, env: NodeJS.ProcessEnv = process.env): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  const port = url.port || DEFAULT_PORTS[url.protocol] || ''
  return webhookAllowHosts(env).includes(`${url.hostname.toLowerCase()}:${port}`)
}

/**
 * The receiver's URL if its form may be sent to (the name is resolved and checked at each delivery,
 * `send-webhook.ts`); a 400 naming why not.
 */
export function checkedReceiverUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new InvalidInputError('That is not a web address. Enter an address starting with https://.')
  }
  if (isAllowListed(url) && url.username === '' && url.password === '') return url
  return checkedUrl(raw, 'webhook')
}
