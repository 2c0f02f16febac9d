import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The payout's last step: every agent's total is in their wallet, so the run is paid and locked. */
export class RecordBonusRunPaid extends Command<void> {
  constructor(
    readonly input: { readonly week: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
