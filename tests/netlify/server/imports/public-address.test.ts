import { describe, expect, it } from 'vitest'

import { addressRefusal, ipv6Bytes } from '../../../../netlify/server/imports/public-address'

describe('addressRefusal', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '100.63.255.255',
    '192.169.0.1',
    '169.255.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '2002:0808:0808::1',
  ])('lets the public address %s through', (address) => {
    expect(addressRefusal(address)).toBeNull()
  })

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['10.255.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fdff:ffff::1', 'private'],
    ['fec0::1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['100.64.0.0', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::fb', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['not-an-address', 'reserved'],
  ])('refuses %s as %s', (address, refusal) => {
    expect(addressRefusal(address)).toBe(refusal)
  })

  it('reads every way of writing an IPv6 address into the same 16 bytes', () => {
    const loopback = [...Array<number>(15).fill(0), 1]
    expect(ipv6Bytes('::1')).toEqual(loopback)
    expect(ipv6Bytes('0:0:0:0:0:0:0:1')).toEqual(loopback)
    expect(ipv6Bytes('::0.0.0.1')).toEqual(loopback)
    expect(ipv6Bytes('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4])
    expect(ipv6Bytes('1.2.3.4')).toBeNull()
  })
})
