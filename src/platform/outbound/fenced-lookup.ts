import dns, { type LookupAddress } from 'node:dns';

import { blockedReasonOf } from './address-policy.js';
import { allowsAddress, allowsHost, type OutboundAllowList } from './outbound-allow.js';
import { OutboundRefused } from './outbound-errors.js';

/** node:dns lookup's shape as net.connect calls it (with `all: true` when it tries several addresses). */
export type LookupFunction = (
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

export const systemLookup: LookupFunction = (hostname, options, callback) =>
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => callback(error, addresses));

/** The refusal for connecting to `address` (reached through `hostname`), or null when it may be reached. */
export function refusalFor(allow: OutboundAllowList, address: string, hostname: string): OutboundRefused | null {
  if (allowsHost(allow, hostname) || allowsAddress(allow, address)) return null;
  const reason = blockedReasonOf(address);
  return reason === null ? null : new OutboundRefused(address, reason, hostname);
}

/**
 * A lookup for net.connect that resolves, then hands on only the addresses the fence lets
 * through: the socket connects to exactly what was checked, so a DNS answer that changes
 * between a check and the connection (rebinding) cannot slip a private address in.
 */
export function fencedLookup(allow: OutboundAllowList, resolve: LookupFunction = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const addresses = (Array.isArray(found) ? found : [{ address: found, family: options.family === 6 ? 6 : 4 }]) as LookupAddress[];
      const refusals = addresses.map((entry) => refusalFor(allow, entry.address, hostname));
      const usable = addresses.filter((_entry, i) => refusals[i] === null);
      if (usable.length === 0) {
        return callback(refusals.find((r) => r !== null) ?? Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      }
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
