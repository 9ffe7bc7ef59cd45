import { lookup as dnsLookup, Resolver as DnsResolver } from 'node:dns/promises'
import type { IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'

import { InvalidInputError, PayloadTooLargeError } from '../errors'
import { addressRefusal, isIpLiteral, type AddressRefusal } from './public-address'

/**
 * Fetching a file from an address a person typed, without ever reaching inside the network (decision
 * 0048): https only, on its standard port; every address the name resolves to must be public, and the
 * connection goes to the address that was checked (resolved once, then pinned, so a second DNS answer
 * cannot switch it); redirects are followed by hand, each target checked the same way, at most
 * `MAX_REDIRECTS` times; the body is counted as it streams and cut at the size limit whatever
 * Content-Length said; one deadline covers it all.
 */

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** An answer's status, headers and body, from the connection `connect` made. */
export interface RemoteAnswer {
  status: number
  headers: Headers
  body: AsyncIterable<Uint8Array>
  /** Ends the connection (an answer whose body is not wanted, or one cut short). */
  discard: () => void
}

/** Sends a GET for `url` to `address` exactly, with the URL's host name as Host and TLS name. */
export type Connector = (url: URL, address: ResolvedAddress, signal: AbortSignal) => Promise<RemoteAnswer>

/** Whether this server can look names up at all: false when it has no way out to the internet. */
export type NameLookupCheck = () => Promise<boolean>

/**
 * How names are resolved and connections made. Production uses the defaults (the system resolver, its
 * check, and https to the checked address); only tests pass others, to reach a local stand-in without
 * the internet. A resolver given without a check of its own is taken to work. Nothing in a request can
 * choose them.
 */
export interface FetchSeams {
  resolve?: Resolver
  resolvesNames?: NameLookupCheck
  connect?: Connector
}

/** The name check that goes with `seams`: the system's, unless a test put its own resolver in. */
export function nameLookupCheck(seams: FetchSeams = {}): NameLookupCheck {
  return seams.resolvesNames ?? (seams.resolve ? () => Promise.resolve(true) : systemResolvesNames)
}

export const MAX_REDIRECTS = 3

export interface FetchLimits {
  maxBytes: number
  /** The whole fetch, every redirect and the body included, in milliseconds. */
  timeLimitMs: number
}

const REFUSAL_REASONS: Record<AddressRefusal, string> = {
  loopback: 'points at this server itself',
  private: 'is inside a private network',
  'link-local': 'is a link-local address, where cloud metadata services live',
  shared: "is inside a carrier's shared network",
  multicast: 'is a multicast address',
  unspecified: 'is not a real destination',
  broadcast: 'is a broadcast address',
  reserved: 'is in a reserved range, not on the public internet',
}

/**
 * What the address is for, as the refusals say it: a file to import (decision 0048), or a webhook's
 * receiver (decision 0072), which the same rules keep on the public internet.
 */
export type AddressUse = 'import' | 'webhook'

const CANNOT: Record<AddressUse, string> = { import: 'be imported', webhook: 'receive webhooks' }

function refused(reason: string, use: AddressUse = 'import'): InvalidInputError {
  return new InvalidInputError(`That address ${reason}, so it cannot ${CANNOT[use]}.`)
}

/**
 * The URL if its form may be fetched: https, no credentials, the standard port, a host that is a public
 * IP address or a name with a domain. Names are checked again once resolved (`resolvePublic`).
 */
export function checkedUrl(raw: string, use: AddressUse = 'import'): URL {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new InvalidInputError('That is not a web address. Enter an address starting with https://.')
  }
  if (url.protocol === 'http:') {
    throw new InvalidInputError(
      `That address starts with http://, which is not encrypted, so it cannot ${CANNOT[use]}. Use its https:// address.`,
    )
  }
  if (url.protocol !== 'https:') {
    throw new InvalidInputError(
      `That address starts with ${url.protocol}, so it cannot ${CANNOT[use]}. Only https:// addresses can ${CANNOT[use]}.`,
    )
  }
  if (url.username !== '' || url.password !== '') {
    throw refused('holds a user name or password', use)
  }
  if (url.port !== '') {
    throw refused(`names port ${url.port}; only the standard https port (443) may be used`, use)
  }
  const host = url.hostname.toLowerCase()
  if (isIpLiteral(host)) {
    const refusal = addressRefusal(host)
    if (refusal) throw refused(REFUSAL_REASONS[refusal], use)
    return url
  }
  const name = host.replace(/\.$/, '')
  if (name === 'localhost' || name.endsWith('.localhost')) throw refused(REFUSAL_REASONS.loopback, use)
  if (!name.includes('.')) throw refused('has no domain (such as example.com)', use)
  return url
}

/** The system resolver: every address of the name, as the system would connect to it. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, order: 'verbatim' })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

/** A top-level domain, which exists as long as the internet does: asked only after a lookup failed. */
const NAME_THAT_EXISTS = 'com'
const NAME_CHECK_TIMEOUT_MS = 3_000

/**
 * The system's DNS answers for a name that surely exists. A server cut off from the internet fails every
 * lookup, often with the very code of a name that does not exist (ENOTFOUND), so only this tells the two
 * apart.
 */
export const systemResolvesNames: NameLookupCheck = async () => {
  const resolver = new DnsResolver({ timeout: NAME_CHECK_TIMEOUT_MS, tries: 1 })
  try {
    await resolver.resolveSoa(NAME_THAT_EXISTS)
    return true
  } catch {
    return false
  }
}

/** Why `host` did not resolve: a name that does not exist, or a server that cannot look up any. */
async function lookupFailure(host: string, resolvesNames: NameLookupCheck): Promise<InvalidInputError> {
  if (await resolvesNames()) {
    return new InvalidInputError(`The name ${host} could not be found. Check the address.`)
  }
  return new InvalidInputError(
    `The server cannot reach the internet right now, so it could not look up ${host}. The address may be fine: try again later.`,
  )
}

/** The address to connect to: the name resolved once, every answer public, else the refusal. */
export async function resolvePublic(
  url: URL,
  resolve: Resolver,
  resolvesNames: NameLookupCheck = systemResolvesNames,
  use: AddressUse = 'import',
): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIpLiteral(host)) return { address: host, family: host.includes(':') ? 6 : 4 }
  let addresses: ResolvedAddress[]
  try {
    addresses = await resolve(host)
  } catch {
    throw await lookupFailure(host, resolvesNames)
  }
  if (addresses.length === 0) throw await lookupFailure(host, resolvesNames)
  // One private answer refuses the name: the system could have chosen it, and a name that mixes them
  // is trying something.
  for (const { address } of addresses) {
    const refusal = addressRefusal(address)
    if (refusal) throw refused(REFUSAL_REASONS[refusal], use)
  }
  const [first] = addresses
  if (!first) throw new InvalidInputError(`The name ${host} could not be found. Check the address.`)
  return first
}

/** A `lookup` for a connection that answers with the checked address whatever name it is asked. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
}

/** A request `pinnedHttpsRequest` sends: its method, headers and body, and what the address is for. */
export interface PinnedRequestInit {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  use?: AddressUse
}

/**
 * https to the checked address: the URL's host name goes in Host and as the TLS server name (so the
 * certificate is checked against it), while the socket connects where `pinnedLookup` says. The socket's
 * own remote address is checked again once connected, before anything is sent, and on the answer. No
 * proxy, no compression, no keep-alive.
 */
export function pinnedHttpsRequest(
  url: URL,
  address: ResolvedAddress,
  signal: AbortSignal,
  { method, headers, body, use = 'import' }: PinnedRequestInit,
): Promise<RemoteAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      {
        method,
        agent: false,
        lookup: pinnedLookup(address),
        // TLS names a host by name only: an address written out is checked against the certificate's IPs.
        ...(isIpLiteral(url.hostname) ? {} : { servername: url.hostname }),
        headers,
        signal,
      },
      (response: IncomingMessage) => {
        const remote = response.socket.remoteAddress
        if (remote === undefined || addressRefusal(remote) !== null) {
          response.destroy()
          reject(
            refused(
              REFUSAL_REASONS[remote === undefined ? 'reserved' : (addressRefusal(remote) ?? 'reserved')],
              use,
            ),
          )
          return
        }
        const answerHeaders = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue
          for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, one)
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: answerHeaders,
          body: response,
          discard: () => response.destroy(),
        })
      },
    )
    // Checked again as soon as the socket connects, before TLS or the request: where it really went.
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const refusal = addressRefusal(socket.remoteAddress ?? '')
        if (refusal) request.destroy(refused(REFUSAL_REASONS[refusal], use))
      })
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** The import's GET, through `pinnedHttpsRequest`. */
export const pinnedHttps: Connector = (url, address, signal) =>
  pinnedHttpsRequest(url, address, signal, {
    method: 'GET',
    headers: { Accept: '*/*', 'Accept-Encoding': 'identity', 'User-Agent': 'MediaFileManager-Import/1' },
  })

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** An answer whose body is a file: its final URL, its headers, and its bytes as they arrive. */
export interface RemoteFile {
  url: URL
  headers: Headers
  body: AsyncIterable<Uint8Array>
  discard: () => void
}

/**
 * GETs `raw`, following at most `MAX_REDIRECTS` redirects, each target checked like the first address.
 * Refuses (400) anything but a 2xx file in the end, and (413) one whose Content-Length is over the limit;
 * the body's own size is checked by `limitedBody` as it is read.
 */
export async function fetchRemoteFile(
  raw: string,
  signal: AbortSignal,
  seams: FetchSeams = {},
): Promise<RemoteFile> {
  const resolve = seams.resolve ?? systemResolver
  const resolvesNames = nameLookupCheck(seams)
  const connect = seams.connect ?? pinnedHttps
  let url = checkedUrl(raw)
  for (let hop = 0; ; hop += 1) {
    const target = url
    // A redirect's target is resolved and checked with the same rule as the first address.
    const address = await resolvePublic(target, resolve, resolvesNames).catch((error: unknown) => {
      throw hop === 0 ? error : redirected(target.href, error)
    })
    let answer: RemoteAnswer
    try {
      answer = await connect(url, address, signal)
    } catch (error) {
      if (error instanceof InvalidInputError) throw error
      if (signal.aborted) throw signal.reason
      throw new InvalidInputError(
        `The server at ${url.hostname} could not be reached over https. Check the address.`,
      )
    }
    if (REDIRECTS.has(answer.status)) {
      answer.discard()
      const location = answer.headers.get('location')
      if (location === null) throw new InvalidInputError('That address redirects without saying where to.')
      if (hop >= MAX_REDIRECTS) {
        throw new InvalidInputError(
          `That address redirects more than ${String(MAX_REDIRECTS)} times, so it cannot be imported. Use the file's final address.`,
        )
      }
      const next = new URL(location, url).href
      try {
        url = checkedUrl(next)
      } catch (error) {
        throw redirected(next, error)
      }
      continue
    }
    if (answer.status < 200 || answer.status > 299) {
      answer.discard()
      throw new InvalidInputError(
        `The server at that address answered ${String(answer.status)} instead of a file. Check the address.`,
      )
    }
    const encoding = answer.headers.get('content-encoding')
    if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
      answer.discard()
      throw new InvalidInputError(
        `The server sent the file compressed (${encoding.slice(0, 40)}), which cannot be imported. Download it and upload it instead.`,
      )
    }
    return { url, headers: answer.headers, body: answer.body, discard: answer.discard }
  }
}

function redirected(target: string, error: unknown): unknown {
  if (!(error instanceof InvalidInputError)) return error
  return new InvalidInputError(`It redirects to ${target.slice(0, 200)}. ${error.message}`)
}

/** Refuses (413) a file over `maxBytes`, by its Content-Length when it says so, else once it has sent more. */
export function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `The file at that address is larger than ${String(maxBytes)} bytes, the largest file allowed.`,
  )
}

/** The body, each piece as it comes, refused (413) as soon as it passes `maxBytes`. */
export async function* limitedBody(file: RemoteFile, maxBytes: number): AsyncGenerator<Uint8Array> {
  const declared = Number(file.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    file.discard()
    throw tooLarge(maxBytes)
  }
  let received = 0
  for await (const piece of file.body) {
    received += piece.byteLength
    if (received > maxBytes) {
      file.discard()
      throw tooLarge(maxBytes)
    }
    yield piece
  }
}
