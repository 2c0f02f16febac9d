import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import type { Cause } from '../../contracts/wallet-events.js';

export type PlaceHoldInput = {
  readonly userId: string;
  readonly holdId: string;
  readonly amountCents: number;
  readonly cause: Cause;
  readonly expiresAt?: Date | null;
};

/** Reserve money (a campaign's budget); refused beyond the available balance. */
export class PlaceHold extends Command<WalletAnswer> {
  constructor(
    readonly input: PlaceHoldInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
