import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * An admin (the context's actor) starts the return of the lead a help request is about, for the
 * request's agent: the handler takes the lead, the owner and when the agent asked from the
 * request itself, and the return window counts to that moment. The return names the request.
 */
export class StartLeadReturnFromHelpRequest extends Command<{ leadId: string }> {
  constructor(
    readonly input: { readonly ticketId: string; readonly returnId: string; readonly reason: string; readonly comment: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
