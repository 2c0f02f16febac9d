import { describeBlockedReason, type BlockedReason } from './address-policy.js';

export type OutboundErrorCode = 'bad_url' | 'refused_address' | 'unresolvable' | 'network' | 'timeout' | 'too_many_redirects' | 'insecure_redirect';

/**
 * Why a call to a user-configured address did not get an answer. The message is written for
 * the agent who configured the address and may be shown to them as it is.
 */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** The fence refused the address a host name resolved to, or the one in the URL. */
export class OutboundRefused extends OutboundError {
  constructor(
    readonly address: string,
    readonly reason: BlockedReason,
    readonly hostname: string,
  ) {
    const via = hostname && hostname !== address ? ` (${hostname} resolves to it)` : '';
    super('refused_address', `Refused: the address ${address}${via} is ${describeBlockedReason(reason)}`);
    this.name = 'OutboundRefused';
  }
}
