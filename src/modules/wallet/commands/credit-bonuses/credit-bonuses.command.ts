import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CreditBonusInput } from '../credit-bonus/credit-bonus.command.js';

/**
 * Weekly bonuses paid into many agents' wallets at once (a bonus run's payout), one per agent,
 * each once per bonusId (its idempotency key), stored with one commit for the batch.
 */
export class CreditBonuses extends Command<void> {
  constructor(
    readonly input: { readonly credits: readonly CreditBonusInput[] },
    readonly context: CommandContext,
  ) {
    super();
  }
}
