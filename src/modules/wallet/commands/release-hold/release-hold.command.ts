import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';

export type ReleaseHoldInput = {
  readonly userId: string;
  readonly holdId: string;
  readonly amountCents?: number;
  readonly close: boolean;
  readonly reason: string;
};

/** Return part of what is left of a hold (a lowered budget), or all of it with `close` (a campaign ended). */
export class ReleaseHold extends Command<WalletAnswer> {
  constructor(
    readonly input: ReleaseHoldInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
