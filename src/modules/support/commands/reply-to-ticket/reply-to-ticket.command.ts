import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ReplySide } from '../../domain/ticket.decider.js';

/**
 * A public reply on a ticket by the context's actor: its agent (`side` agent, from My Support
 * Tickets), or an admin (`side` admin, from the dashboard). `asksAgent`: an admin's reply that
 * waits on the agent's answer. `replyId` names it, so the same reply sent again is kept once.
 */
export class ReplyToTicket extends Command<{ replyId: string }> {
  constructor(
    readonly input: { readonly ticketId: string; readonly replyId: string; readonly side: ReplySide; readonly body: string; readonly asksAgent: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}
