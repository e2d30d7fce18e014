import { describe, expect, it } from 'vitest';
import { classifyAddress, hostAddresses } from './special-addresses';

const NO_OWN = new Set<string>();

describe('special-purpose addresses', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['192.0.0.9', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['100:0:0:1::1', 'dummyPrefix'],
    ['2001:db8::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['2001:2::1', 'benchmarking'],
    ['5f00::1', 'segmentRouting'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
  ])('%s is refused as %s', (address, range) => {
    expect(classifyAddress(address, NO_OWN)).toContain(`is ${range}`);
  });

  it.each([
    // IPv4-mapped and IPv4-translated forms are their IPv4 address.
    ['::ffff:10.0.0.1', 'ipv4Mapped, carrying 10.0.0.1 is private'],
    ['::ffff:7f00:1', 'ipv4Mapped, carrying 127.0.0.1 is loopback'],
    ['::ffff:0:127.0.0.1', 'rfc6145, carrying 127.0.0.1 is loopback'],
    // NAT64 (RFC 6052): the gateway forwards to the IPv4 address inside.
    ['64:ff9b::127.0.0.1', 'rfc6052, carrying 127.0.0.1 is loopback'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052, carrying 169.254.169.254 is linkLocal'],
    // IPv4-compatible (deprecated): some stacks still route ::a.b.c.d to a.b.c.d.
    ['::127.0.0.1', 'ipv4Compatible, carrying 127.0.0.1 is loopback'],
    ['::8.8.8.8', 'ipv4Compatible (carrying 8.8.8.8)'],
    // 6to4 carries its IPv4 in bits 16-47, Teredo its client's, inverted, in the last 32 bits.
    ['2002:7f00:1::1', '6to4, carrying 127.0.0.1 is loopback'],
    ['2002:808:808::1', '6to4 (carrying 8.8.8.8)'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo, carrying 127.0.0.1 is loopback'],
  ])('%s is refused: %s', (address, reason) => {
    expect(classifyAddress(address, NO_OWN)).toContain(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address, NO_OWN)).toBeNull();
    },
  );

  it('passes a NAT64 address carrying a public IPv4 address (DNS64 networks answer those)', () => {
    expect(classifyAddress('64:ff9b::5db8:d822', NO_OWN)).toBeNull();
  });

  it("refuses this server's own addresses, also when carried in IPv6", () => {
    const own = new Set(['203.0.114.7', '2a01:4f8::7']);
    expect(classifyAddress('203.0.114.7', own)).toBe('203.0.114.7 is an address of this server');
    expect(classifyAddress('2a01:4f8:0:0::7', own)).toBe('2a01:4f8::7 is an address of this server');
    expect(classifyAddress('::ffff:203.0.114.7', own)).toContain('carrying 203.0.114.7 is an address');
  });

  it('knows every address of the network interfaces, the non-loopback ones included', () => {
    const own = hostAddresses();
    expect(own.has('127.0.0.1')).toBe(true);
    for (const address of own) expect(classifyAddress(address)).not.toBeNull();
  });

  it('refuses what is not an IP address', () => {
    expect(classifyAddress('intranet', NO_OWN)).toBe('intranet is not an IP address');
  });
});
