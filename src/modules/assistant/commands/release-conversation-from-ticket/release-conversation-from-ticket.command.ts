import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A help request was deleted: a conversation it kept as its transcript ages out again like any other. */
export class ReleaseConversationFromTicket extends Command<void> {
  constructor(
    readonly input: { readonly ticketId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
