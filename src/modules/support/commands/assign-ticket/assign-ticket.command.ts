import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export const NOT_AN_ADMIN = 'Assign the request to an admin';

/** An admin (the context's actor) gives a ticket to an admin (themselves or another), or leaves it unassigned (null). */
export class AssignTicket extends Command<{ assigneeId: string | null }> {
  constructor(
    readonly input: { readonly ticketId: string; readonly assigneeId: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}
