import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { TicketStatus } from '../../contracts/ticket-values.js';

/** An admin (the context's actor) sets a ticket's status, with an optional comment for the admin notes. */
export class ChangeTicketStatus extends Command<{ adminNotes: string; status: TicketStatus }> {
  constructor(
    readonly input: { readonly ticketId: string; readonly status: TicketStatus; readonly comment: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}
