import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The job's step: re-read the payment a stored webhook names and credit it if it succeeded. */
export class ProcessPaymentWebhook extends Command<void> {
  constructor(
    readonly input: { readonly eventId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
