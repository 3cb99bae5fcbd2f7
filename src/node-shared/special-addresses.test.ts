import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, specialAddressRange } from './special-addresses';

describe('specialAddressRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    ['192.0.0.8', 'protocol-assignments'],
    ['192.0.0.170', 'protocol-assignments'],
    ['fec0::1', 'site-local'],
    ['feff:ffff::1', 'site-local'],
    ['::10.0.0.1', 'ipv4-compatible'],
    ['::808:808', 'ipv4-compatible'],
    ['64:ff9b:1::a00:1', 'local-nat64'],
    ['64:ff9b:1:ffff::8.8.8.8', 'local-nat64'],
    ['64:ff9b::7f00:1', 'nat64'],
    ['64:ff9b::10.0.0.1', 'nat64'],
    ['64:ff9b::a9fe:a9fe', 'nat64'],
    ['2002:7f00:1::1', '6to4'],
    ['2002:a00:1::', '6to4'],
    ['2002:c0a8:101:5::1', '6to4'],
    ['2002:a9fe:a9fe::1%eth0', '6to4'],
  ])('puts %s in %s', (address, range) => {
    expect(specialAddressRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '203.0.113.7',
    '198.17.255.255',
    '198.20.0.1',
    '192.0.1.1',
    '64:ff9b::808:808',
    '64:ff9b::8.8.4.4',
    '2002:808:808::1',
  ])('finds %s public (a NAT64 or 6to4 address by the IPv4 address it carries)', (address) => {
    expect(specialAddressRange(address)).toBeNull();
  });

  it('never calls a NAT64 or 6to4 form of 127.0.0.1 loopback: it leaves the machine', () => {
    expect(isLoopbackAddress('64:ff9b::127.0.0.1')).toBe(false);
    expect(isLoopbackAddress('2002:7f00:1::1')).toBe(false);
    expect(isLoopbackAddress('::127.0.0.1')).toBe(false);
  });

  it('is null for what is not an IP address', () => {
    expect(specialAddressRange('localhost')).toBeNull();
    expect(isLoopbackAddress('localhost')).toBe(false);
  });
});
