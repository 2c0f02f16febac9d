import { cidrContains, embeddedIpv4, parseCidr, parseIp, type Cidr, type IpBytes } from './ip-address.js';

/** Why an address is not one the portal calls on a user's behalf. */
export type BlockedReason = 'unspecified' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'shared' | 'unique_local' | 'multicast' | 'reserved';

const DESCRIPTION: Record<BlockedReason, string> = {
  unspecified: 'an unspecified address (0.0.0.0 or ::)',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  link_local: 'a link-local address',
  metadata: 'the cloud metadata address',
  shared: 'a carrier-grade NAT (shared) address',
  unique_local: 'a private (unique local) IPv6 address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

export const describeBlockedReason = (reason: BlockedReason): string => DESCRIPTION[reason];

const block = (cidr: string, reason: BlockedReason): { cidr: Cidr; reason: BlockedReason } => ({ cidr: parseCidr(cidr)!, reason });

/** Most specific first: 169.254.169.254 is named as the metadata address, not just link-local. */
const BLOCKED: readonly { cidr: Cidr; reason: BlockedReason }[] = [
  block('169.254.169.254/32', 'metadata'),
  block('0.0.0.0/8', 'unspecified'),
  block('10.0.0.0/8', 'private'),
  block('100.64.0.0/10', 'shared'),
  block('127.0.0.0/8', 'loopback'),
  block('169.254.0.0/16', 'link_local'),
  block('172.16.0.0/12', 'private'),
  block('192.0.0.0/24', 'reserved'),
  block('192.0.2.0/24', 'reserved'),
  block('192.168.0.0/16', 'private'),
  block('198.18.0.0/15', 'reserved'),
  block('198.51.100.0/24', 'reserved'),
  block('203.0.113.0/24', 'reserved'),
  block('224.0.0.0/4', 'multicast'),
  block('240.0.0.0/4', 'reserved'),
  block('::/128', 'unspecified'),
  block('::1/128', 'loopback'),
  block('fd00:ec2::254/128', 'metadata'),
  block('fc00::/7', 'unique_local'),
  block('fe80::/10', 'link_local'),
  block('fec0::/10', 'reserved'),
  block('ff00::/8', 'multicast'),
  block('100::/64', 'reserved'),
  block('2001:db8::/32', 'reserved'),
];

/**
 * Null when the address is a public one; else why not. An IPv6 address carrying an IPv4 one
 * (mapped, compatible, NAT64) is judged by the IPv4 address inside.
 */
export function blockedReason(address: IpBytes): BlockedReason | null {
  const inner = embeddedIpv4(address);
  if (inner) return blockedReason(inner);
  return BLOCKED.find((entry) => cidrContains(entry.cidr, address))?.reason ?? null;
}

export function blockedReasonOf(text: string): BlockedReason | null {
  const address = parseIp(text);
  if (!address) return 'reserved';
  return blockedReason(address);
}
