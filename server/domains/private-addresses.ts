/**
 * Addresses that are no one's on the public internet: loopback, the private
 * networks of RFC 1918, link-local, carrier-grade NAT, unique local IPv6 and
 * the like. A public name whose DNS answers with one of them tells about the
 * network the platform's resolver sits in, so the domain checks never show
 * such an address back (dns-check.ts). Documentation ranges (TEST-NET,
 * 2001:db8::/32) are left out: they route nowhere and tell nothing.
 */
import { BlockList, isIPv6 } from 'node:net';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an A or AAAA answer) is private; an IPv4-mapped IPv6 address counts as its IPv4 address. */
export function isPrivateAddress(address: string): boolean {
  return PRIVATE.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}
