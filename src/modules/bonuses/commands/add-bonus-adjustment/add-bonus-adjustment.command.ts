import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin (the context's actor) adds a correction for one agent of an open run, with its reason. */
export class AddBonusAdjustment extends Command<{ readonly adjustmentId: string }> {
  constructor(
    readonly input: { readonly week: string; readonly adjustmentId: string; readonly userId: string; readonly amountCents: number; readonly reason: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
