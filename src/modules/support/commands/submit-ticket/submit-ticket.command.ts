import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { TicketReferenceKind } from '../../contracts/ticket-reference.js';
import type { Priority, SystemProgram } from '../../contracts/ticket-values.js';

/** An agent (the context's actor) submits a help request, perhaps about one of their items ('Report a problem'); its files follow one by one. */
export class SubmitTicket extends Command<{ ticketId: string }> {
  constructor(
    readonly input: {
      /** Derived from the agent and the request's Idempotency-Key, so a repeat names the same ticket. */
      readonly ticketId: string;
      readonly systemProgram: SystemProgram;
      readonly priority: Priority;
      readonly concern: string;
      readonly reference?: { readonly kind: TicketReferenceKind; readonly id: string };
    },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
