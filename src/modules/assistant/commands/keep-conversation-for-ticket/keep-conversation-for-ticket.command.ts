import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** A help request was opened about a conversation: it is kept as long as the request, past the retention time. */
export class KeepConversationForTicket extends Command<void> {
  constructor(
    readonly input: { readonly conversationId: string; readonly userId: string; readonly ticketId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
