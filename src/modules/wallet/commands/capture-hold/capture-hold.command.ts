import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import type { Cause } from '../../contracts/wallet-events.js';

export type CaptureHoldInput = {
  readonly userId: string;
  readonly holdId: string;
  readonly captureId: string;
  readonly amountCents: number;
  readonly cause: Cause;
  readonly description: string;
};

/** Spend part of a hold (one lead's price), once per captureId; refused (HOLD_EXHAUSTED) beyond what is left. */
export class CaptureHold extends Command<WalletAnswer> {
  constructor(
    readonly input: CaptureHoldInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
