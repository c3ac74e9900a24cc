/**
 * Addresses that are no one's on the public internet, in two classes. Never:
 * where no fetch of ours may ever go, whatever the setting (unspecified,
 * link-local with the clouds' metadata service at 169.254.169.254, multicast,
 * broadcast and reserved). Private: loopback, the private networks of RFC
 * 1918, carrier-grade NAT, unique local IPv6 and the like, which a test may
 * fetch from (IMPORT_ALLOW_PRIVATE_ADDRESSES) and nothing else may. An IPv6
 * address that carries an IPv4 one counts as the IPv4 address it carries, as
 * a host or relay may turn it into that one: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), under
 * NAT64's well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::/48).
 * ::1 stays loopback, not the 0.0.0.1 it would carry.
 *
 * The domain checks use it too: a public name whose DNS answers with any of
 * these tells about the network the platform's resolver sits in, so they
 * never show such an address back (server/domains/dns-check.ts).
 * Documentation ranges (TEST-NET, 2001:db8::/32) are left out: they route
 * nowhere and tell nothing.
 */
import { BlockList, isIPv6 } from 'node:net';

export type AddressClass = 'public' | 'private' | 'never';

type Subnets = readonly (readonly [network: string, prefix: number])[];

const NEVER_IPV4: Subnets = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaching this machine
  ['169.254.0.0', 16], // link-local, the cloud metadata service
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const PRIVATE_IPV4: Subnets = [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
];
const NEVER_IPV6: Subnets = [
  ['::', 128], // unspecified
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];
const PRIVATE_IPV6: Subnets = [
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still private)
];

/** 6to4's prefix for an IPv4 network: its 32 bits are the 2002::/16 address's next two groups. */
function sixToFour(network: string): string {
  const [a, b, c, d] = network.split('.').map(Number) as [number, number, number, number];
  return `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::`;
}

function blockListOf(ipv4: Subnets, ipv6: Subnets): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ipv4) {
    // BlockList itself reads ::ffff:a.b.c.d as a.b.c.d; the other forms that carry a.b.c.d are added by hand.
    list.addSubnet(network, prefix, 'ipv4');
    list.addSubnet(`64:ff9b::${network}`, 96 + prefix, 'ipv6');
    list.addSubnet(`::${network}`, 96 + prefix, 'ipv6');
    list.addSubnet(`::ffff:0:${network}`, 96 + prefix, 'ipv6');
    list.addSubnet(sixToFour(network), 16 + prefix, 'ipv6');
  }
  for (const [network, prefix] of ipv6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

const NEVER = blockListOf(NEVER_IPV4, NEVER_IPV6);
const PRIVATE = blockListOf(PRIVATE_IPV4, PRIVATE_IPV6);
/** ::1 lies in ::/96 (as 0.0.0.1, "this network"): it is loopback, and classed so before the embedded forms. */
const LOOPBACK_IPV6 = blockListOf([], [['::1', 128]]);

/** The class of `address`, an IP address as DNS answers it or a URL names it (without brackets). */
export function addressClass(address: string): AddressClass {
  const family = isIPv6(address) ? 'ipv6' : 'ipv4';
  if (family === 'ipv6' && LOOPBACK_IPV6.check(address, 'ipv6')) return 'private';
  if (NEVER.check(address, family)) return 'never';
  return PRIVATE.check(address, family) ? 'private' : 'public';
}

/** Whether `address` (an A or AAAA answer) is anything but public. */
export function isPrivateAddress(address: string): boolean {
  return addressClass(address) !== 'public';
}
