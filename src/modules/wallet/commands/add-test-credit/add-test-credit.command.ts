import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

/** The testing page's credit (the spec's test-add-balance), admins only, labelled as test credit wherever it shows. */
export class AddTestCredit extends Command<WalletAnswer> {
  constructor(
    readonly input: { userId: string; creditId: string; amountCents: number },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
