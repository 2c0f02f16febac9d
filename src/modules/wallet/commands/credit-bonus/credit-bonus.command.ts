import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

export type CreditBonusInput = { readonly userId: string; readonly bonusId: string; readonly week: string; readonly amountCents: number };

/** A weekly bonus paid into the wallet, once per bonusId. */
export class CreditBonus extends Command<WalletAnswer> {
  constructor(
    readonly input: CreditBonusInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
