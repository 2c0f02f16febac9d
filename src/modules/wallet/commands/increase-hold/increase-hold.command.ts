import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

export type IncreaseHoldInput = { readonly userId: string; readonly holdId: string; readonly amountCents: number };

/** Reserve more on an open hold (a raised budget); refused beyond the available balance. */
export class IncreaseHold extends Command<WalletAnswer> {
  constructor(
    readonly input: IncreaseHoldInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
