import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import type { Cause } from '../../contracts/wallet-events.js';

export type ChargeWalletInput = {
  readonly userId: string;
  readonly chargeId: string;
  readonly amountCents: number;
  readonly cause: Cause;
  readonly description: string;
};

/** A one-off purchase from the available balance; refused with INSUFFICIENT_BALANCE ('You don't have enough balance for this purchase'). */
export class ChargeWallet extends Command<WalletAnswer> {
  constructor(
    readonly input: ChargeWalletInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
