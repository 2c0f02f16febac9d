import { cidrContains, parseCidr, parseIp, type Cidr } from './ip-address.js';

/**
 * What an operator lets the fence through (OUTBOUND_ALLOW): addresses or CIDR blocks, checked
 * against the address connected to, and host names, whose every address is then allowed.
 */
export type OutboundAllowList = { readonly cidrs: readonly Cidr[]; readonly hosts: readonly string[]; readonly entries: readonly string[] };

export const OUTBOUND_ALLOW_HELP =
  'expected addresses, CIDR blocks or host names separated by commas, e.g. 127.0.0.1,10.1.0.0/16,crm.internal (only these may be reached although private)';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The parsed list, or null when an entry is none of address, CIDR block or host name. */
export function parseOutboundAllow(entries: readonly string[]): OutboundAllowList | null {
  const cidrs: Cidr[] = [];
  const hosts: string[] = [];
  for (const entry of entries) {
    const cidr = parseCidr(entry);
    if (cidr) cidrs.push(cidr);
    else if (HOST_NAME.test(entry.toLowerCase()) && !/^[\d.]+$/.test(entry)) hosts.push(entry.toLowerCase());
    else return null;
  }
  return { cidrs, hosts, entries: [...entries] };
}

export const NOTHING_ALLOWED: OutboundAllowList = { cidrs: [], hosts: [], entries: [] };

export function allowsAddress(list: OutboundAllowList, address: string): boolean {
  const ip = parseIp(address);
  return ip !== null && list.cidrs.some((cidr) => cidrContains(cidr, ip));
}

export function allowsHost(list: OutboundAllowList, hostname: string): boolean {
  return list.hosts.includes(hostname.toLowerCase().replace(/\.$/, ''));
}
