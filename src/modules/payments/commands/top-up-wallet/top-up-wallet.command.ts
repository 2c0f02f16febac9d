import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type TopUpAnswer =
  { readonly status: 'succeeded'; readonly paymentId: string } | { readonly status: 'redirect'; readonly url: string; readonly paymentId: string | null };

export type TopUpWalletInput = {
  readonly user: { readonly userId: string; readonly email: string };
  readonly amountCents: number;
  readonly paymentMethodId: string;
  /** The portal page the provider's tab comes back to (the page the agent started from); /profile when none. */
  readonly returnPath?: string;
  /** The origin the agent's request came to: the provider's tab comes back there (where their session is) unless PUBLIC_URL is set. */
  readonly requestOrigin?: string | null;
};

/** create-payment-intent: a top-up from a saved card (off-session), or the hosted checkout page for a new card. */
export class TopUpWallet extends Command<TopUpAnswer> {
  constructor(
    readonly input: TopUpWalletInput,
    readonly context: CommandContext,
    /** The agent's Idempotency-Key: a repeated request answers the same and charges once. */
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
