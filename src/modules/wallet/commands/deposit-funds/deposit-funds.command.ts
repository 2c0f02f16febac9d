import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import type { CardProvider } from '../../contracts/wallet-events.js';

export type DepositFundsInput = {
  readonly userId: string;
  readonly paymentId: string;
  readonly amountCents: number;
  readonly provider: CardProvider;
  readonly autoRecharge?: boolean;
};

/** A succeeded card payment credits the wallet, once per paymentId (a later duplicate stores nothing). */
export class DepositFunds extends Command<WalletAnswer> {
  constructor(
    readonly input: DepositFundsInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
