import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

/** An admin's correction of a wallet, with its reason; a debit never takes the wallet below zero. */
export class AdjustBalance extends Command<WalletAnswer> {
  constructor(
    readonly input: { userId: string; adjustmentId: string; direction: 'credit' | 'debit'; amountCents: number; reason: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
