import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

export type RefundPaymentInput = {
  readonly userId: string;
  readonly paymentId: string;
  readonly refundId: string;
  readonly amountCents: number;
  readonly allowDebt: boolean;
  /** The hold that reserved it; found by payment and amount when not named. */
  readonly holdId?: string;
};

/** Money returned to the card for a top-up; beyond what the wallet can give only with `allowDebt` (the admin confirmed). */
export class RefundPayment extends Command<WalletAnswer> {
  constructor(
    readonly input: RefundPaymentInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
