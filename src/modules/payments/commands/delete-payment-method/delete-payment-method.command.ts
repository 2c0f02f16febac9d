import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** delete-payment-method: only one of the agent's own cards (another agent's is 404). */
export class DeletePaymentMethod extends Command<void> {
  constructor(
    readonly input: { readonly userId: string; readonly cardId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
