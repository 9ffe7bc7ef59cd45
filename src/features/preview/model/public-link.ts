import { fileLinkPath, officeViewerUrl } from '../../../contract/access'

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** Loopback, private, link-local, shared (carrier NAT) and unspecified IPv4 ranges. */
function isPrivateIpv4(address: string): boolean {
  const match = IPV4.exec(address)
  if (!match) return false
  const [a = 0, b = 0] = match.slice(1, 3).map(Number)
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  )
}

/** Loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10) and mapped private IPv4. */
function isPrivateIpv6(address: string): boolean {
  if (address === '::1' || address === '::') return true
  if (/^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address)) return true
  const mapped = /^::ffff:(.+)$/.exec(address)?.[1]
  if (mapped === undefined) return false
  if (IPV4.test(mapped)) return isPrivateIpv4(mapped)
  // The URL parser writes a mapped address in hex: ::ffff:7f00:1 is 127.0.0.1.
  const [high = '', low = ''] = mapped.split(':')
  const value = (parseInt(high, 16) << 16) | parseInt(low, 16)
  return isPrivateIpv4([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.'))
}

/**
 * Whether a service on the internet (Microsoft's Office viewer) can reach a host: not this machine, not
 * a private network, not a `.local` or `.localhost` name, and not a bare name without a dot, which
 * resolves only inside one network.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[')) return !isPrivateIpv6(host.slice(1, -1))
  if (IPV4.test(host)) return !isPrivateIpv4(host)
  if (!host.includes('.')) return false
  return !/\.(?:local|localhost|internal|home\.arpa)$/.test(host)
}

interface OfficeLinkOptions {
  /** The page's origin, against which a path on this site is resolved. */
  origin: string
  /** The server's access gate is closed, so the visitor's cookie is what lets files through. */
  gated: boolean
}

/**
 * What the Office preview frame loads, or null when Microsoft's viewer could not fetch the file: it
 * fetches the file itself, from its servers and without the visitor's cookie. Behind the access gate a
 * file of the built-in host is reached through `/api/file-link/...`, which redirects to the viewer with
 * a link to the file signed for ten minutes.
 */
export function officePreviewSource(url: string, { origin, gated }: OfficeLinkOptions): string | null {
  const absolute = new URL(url, origin)
  if (!isPublicHost(absolute.hostname)) return null
  return (gated ? fileLinkPath(url, 'office') : null) ?? officeViewerUrl(absolute.href)
}
