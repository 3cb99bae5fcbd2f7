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
  ])('puts %s in %s', (address, range) => {
    expect(specialAddressRange(address)).toBe(range);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '203.0.113.7'])(
    'finds %s public',
    (address) => {
      expect(specialAddressRange(address)).toBeNull();
    },
  );

  it('is null for what is not an IP address', () => {
    expect(specialAddressRange('localhost')).toBeNull();
    expect(isLoopbackAddress('localhost')).toBe(false);
  });
});
