import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * An admin approves a return: the lead's price goes back to the agent's wallet (a later step,
 * CreditApprovedReturn) and the lead is never sold again.
 */
export class ApproveLeadReturn extends Command<void> {
  constructor(
    readonly input: { readonly returnId: string; readonly reviewerId: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
