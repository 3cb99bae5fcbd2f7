import { BlockList, isIP } from 'node:net';

/**
 * Address ranges that do not lead to a public host on the internet (RFC 6890's registries): the
 * machine itself, its networks and their infrastructure. IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`) fall in their IPv4 range, since BlockList checks them as such.
 */
const ranges = {
  unspecified: ['0.0.0.0/8', '::/128'],
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  cgnat: ['100.64.0.0/10'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  'unique-local': ['fc00::/7'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
  /** Reserved for future use, and the limited broadcast address inside it. */
  reserved: ['240.0.0.0/4'],
} as const;

export type SpecialAddressRange = keyof typeof ranges;

const lists = Object.entries(ranges).map(([name, cidrs]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 4 ? 'ipv4' : 'ipv6');
  }
  return [name as SpecialAddressRange, list] as const;
});

/** The special range an IP address belongs to, or null for a public address (or no IP at all). */
export function specialAddressRange(address: string): SpecialAddressRange | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return lists.find(([, list]) => list.check(address, type))?.[0] ?? null;
}

export function isLoopbackAddress(address: string): boolean {
  return specialAddressRange(address) === 'loopback';
}
