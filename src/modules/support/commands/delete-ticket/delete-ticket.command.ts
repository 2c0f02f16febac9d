import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The ticket's agent (the context's actor) deletes it while it is To Do; its files go with it. */
export class DeleteTicket extends Command<void> {
  constructor(
    readonly input: { readonly ticketId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
