import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LinkedAction } from '../../domain/ticket.decider.js';

/** The process after a money step started from a help request: the request records it once, for its timeline. */
export class LinkTicketAction extends Command<void> {
  constructor(
    readonly input: { readonly ticketId: string; readonly action: LinkedAction },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
