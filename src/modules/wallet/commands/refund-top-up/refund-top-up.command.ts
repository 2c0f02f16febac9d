import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

/**
 * An admin refunds a top-up (whole or part) to the card. The wallet's rules are checked first
 * (never more than the payment; not into debt unless the admin confirmed), then the provider
 * refunds with a key from the request, then the refund is recorded: the card's money is gone
 * by then, so the posting is made even if the balance moved meanwhile (the rest becomes debt).
 */
export class RefundTopUp extends Command<WalletAnswer & { refundId: string }> {
  constructor(
    readonly input: { userId: string; paymentId: string; amountCents: number; confirmDebt: boolean },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
