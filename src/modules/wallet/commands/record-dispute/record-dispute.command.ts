import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

export type RecordDisputeInput = {
  readonly userId: string;
  readonly paymentId: string;
  readonly disputeId: string;
  readonly amountCents: number;
  readonly outcome: 'opened' | 'won' | 'lost';
};

/** A dispute from the card provider: opened takes the money back whatever the balance; won returns it; lost closes it. */
export class RecordDispute extends Command<WalletAnswer> {
  constructor(
    readonly input: RecordDisputeInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
