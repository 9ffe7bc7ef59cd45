import { isIPv4, isIPv6 } from 'node:net'

/**
 * Whether an IP address is one the server may connect to when it fetches a file from an address a
 * person typed (decision 0048): only public unicast addresses. Everything else is refused with the kind
 * of place it points at, which the refusal names.
 */
export type AddressRefusal =
  'loopback' | 'private' | 'link-local' | 'shared' | 'multicast' | 'unspecified' | 'broadcast' | 'reserved'

type Range = readonly [base: readonly number[], prefix: number, refusal: AddressRefusal]

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const IPV4_REFUSED: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240, 0, 0, 0], 4, 'reserved'],
]

/** IPv6 ranges refused outright; anything outside global unicast (2000::/3) is refused too. */
const IPV6_REFUSED: readonly Range[] = [
  [[0xfc], 7, 'private'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'],
  [[0xff], 8, 'multicast'],
  // Documentation, ORCHID, and Teredo (whose embedded IPv4 address is hidden): never a file server.
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'],
  [[0x20, 0x01, 0x00, 0x10], 28, 'reserved'],
  [[0x20, 0x01, 0x00, 0x00], 32, 'reserved'],
]

function inRange(bytes: readonly number[], [base, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const mask = prefix - bit >= 8 ? 0xff : (0xff << (8 - (prefix - bit))) & 0xff
    if (((bytes[bit / 8] ?? 0) & mask) !== ((base[bit / 8] ?? 0) & mask)) return false
  }
  return true
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number)
}

/** The 16 bytes of an IPv6 address (a trailing dotted IPv4 part allowed), or null when it is not one. */
export function ipv6Bytes(address: string): number[] | null {
  if (!isIPv6(address)) return null
  let text = address.replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted[1])
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const missing = 8 - left.length - right.length
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right]
  if (all.length !== 8) return null
  return all.flatMap((group) => {
    const value = parseInt(group, 16)
    return [value >> 8, value & 0xff]
  })
}

function classifyIpv4(bytes: readonly number[]): AddressRefusal | null {
  return IPV4_REFUSED.find((range) => inRange(bytes, range))?.[2] ?? null
}

function classifyIpv6(bytes: readonly number[]): AddressRefusal | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  if (zeros(0, 15) && bytes[15] === 0) return 'unspecified'
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback'
  const embedded = bytes.slice(12, 16)
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach an
  // IPv4 address: they are what it is.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return classifyIpv4(embedded)
  if (zeros(0, 12)) return classifyIpv4(embedded)
  if (inRange(bytes, [[0x00, 0x64, 0xff, 0x9b], 96, 'reserved'])) return classifyIpv4(embedded)
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address in its next four bytes.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    const refusal = classifyIpv4(bytes.slice(2, 6))
    if (refusal) return refusal
  }
  const refused = IPV6_REFUSED.find((range) => inRange(bytes, range))?.[2]
  if (refused) return refused
  // Global unicast is 2000::/3; everything else is unassigned or special.
  return ((bytes[0] ?? 0) & 0xe0) === 0x20 ? null : 'reserved'
}

/** Why `address` may not be connected to, or null for a public address. Anything not an IP is refused. */
export function addressRefusal(address: string): AddressRefusal | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1')
  if (isIPv4(bare)) return classifyIpv4(ipv4Bytes(bare))
  const bytes = ipv6Bytes(bare)
  return bytes ? classifyIpv6(bytes) : 'reserved'
}

/** Whether `host` is an IP address written out (IPv6 in brackets, as a URL holds it). */
export function isIpLiteral(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  return isIPv4(bare) || isIPv6(bare)
}
