import { ValidationFailed } from '../../platform/http/api-error.js';
import { describeBlockedReason } from '../../platform/outbound/address-policy.js';
import type { OutboundHttp } from '../../platform/outbound/outbound-http.js';

/**
 * Refuses, when the form is saved, an address the outbound fence would refuse at every
 * delivery (a private, loopback, link-local or metadata address, by itself or by what its name
 * resolves to now), with a message on the field that holds it.
 */
export async function requirePublicAddress(http: OutboundHttp, url: string, field: string): Promise<void> {
  const refusal = await http.refusalOf(url);
  if (!refusal) return;
  const what = refusal.hostname && refusal.hostname !== refusal.address ? `${refusal.hostname} resolves to ${refusal.address},` : `${refusal.address} is`;
  const message = `Leads can only be sent to public addresses: ${what} ${describeBlockedReason(refusal.reason)}.`;
  throw new ValidationFailed([{ field, message }], message);
}
