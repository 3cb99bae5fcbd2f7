import { BlockList, isIP } from 'node:net';

/**
 * Address ranges that do not lead to a public host on the internet (RFC 6890's registries): the
 * machine itself, its networks and their infrastructure. IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`) fall in their IPv4 range, since BlockList checks them as such. Checked in
 * this order, so `::` and `::1` are named before the IPv4-compatible block that holds them.
 */
const ranges = {
  unspecified: ['0.0.0.0/8', '::/128'],
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  cgnat: ['100.64.0.0/10'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  'unique-local': ['fc00::/7'],
  /** Deprecated by RFC 3879, still routed inside some sites. */
  'site-local': ['fec0::/10'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
  /** Reserved for future use, and the limited broadcast address inside it. */
  reserved: ['240.0.0.0/4'],
  /** RFC 2544's network-device benchmarking; labs and some appliances use it internally. */
  benchmarking: ['198.18.0.0/15'],
  /** RFC 6890's IETF protocol assignments (DS-Lite, NAT64 discovery and the like), never a public host. */
  'protocol-assignments': ['192.0.0.0/24'],
  /** IPv4-compatible IPv6 (`::10.0.0.1`), deprecated by RFC 4291: no public host is reached by it. */
  'ipv4-compatible': ['::/96'],
  /** RFC 8215's local-use NAT64 prefix: translated to whatever IPv4 network the site chose. */
  'local-nat64': ['64:ff9b:1::/48'],
} as const;

/** Forms of IPv6 address that carry an IPv4 address, and so lead wherever that address does. */
type EmbeddingForm = 'nat64' | '6to4';

export type SpecialAddressRange = keyof typeof ranges | EmbeddingForm;

const lists = Object.entries(ranges).map(([name, cidrs]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 4 ? 'ipv4' : 'ipv6');
  }
  return [name as keyof typeof ranges, list] as const;
});

/** The eight 16-bit groups of a valid IPv6 address (its zone aside), a trailing dotted IPv4 part read as two. */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('%')[0]!.split('::');
  if (tail === undefined) return toGroups(head);
  const first = toGroups(head);
  const last = toGroups(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * The IPv4 address inside a NAT64 well-known-prefix address (`64:ff9b::/96`, RFC 6052, its last
 * 32 bits) or a 6to4 address (`2002::/16`, RFC 3056, bits 16 to 47). Both are globally routed
 * forms (IANA's registry): they are as public as the IPv4 address they carry, so that decides.
 */
function embeddedIpv4(address: string): { form: EmbeddingForm; ipv4: string } | null {
  const groups = ipv6Groups(address);
  if (groups[0] === 0x2002) return { form: '6to4', ipv4: dotted(groups[1]!, groups[2]!) };
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return { form: 'nat64', ipv4: dotted(groups[6]!, groups[7]!) };
  }
  return null;
}

/** The special range an IP address belongs to, or null for a public address (or no IP at all). */
export function specialAddressRange(address: string): SpecialAddressRange | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const named = lists.find(([, list]) => list.check(address, type))?.[0];
  if (named) return named;
  const embedded = family === 6 ? embeddedIpv4(address) : null;
  return embedded && specialAddressRange(embedded.ipv4) !== null ? embedded.form : null;
}

export function isLoopbackAddress(address: string): boolean {
  return specialAddressRange(address) === 'loopback';
}
