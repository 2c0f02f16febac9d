import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

export type CreditLeadReturnInput = { readonly userId: string; readonly returnId: string; readonly leadId: string; readonly amountCents: number };

/** An approved lead return: the lead's price back into the wallet, once per returnId. */
export class CreditLeadReturn extends Command<WalletAnswer> {
  constructor(
    readonly input: CreditLeadReturnInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
