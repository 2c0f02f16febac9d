import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { CONFIG, EVENT_STORE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import type { SupportConfig } from '../../support.config.js';
import { ReplyToTicket } from './reply-to-ticket.command.js';

/** The agent replies on their own ticket only (to anyone else it does not exist); an admin (checked by the route) on any. */
@CommandHandler(ReplyToTicket)
export class ReplyToTicketHandler implements ICommandHandler<ReplyToTicket, { replyId: string }> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  async execute({ input, context }: ReplyToTicket): Promise<{ replyId: string }> {
    const { ticketId, replyId, side, body, asksAgent } = input;
    await handleCommand({
      store: this.store,
      streamId: ticketStream(ticketId),
      decider: ticketDecider,
      command: { type: 'ReplyToTicket', replyId, authorId: context.actor.id, side, body, asksAgent, slaPolicy: this.config.slaPolicy },
      context,
    });
    return { replyId };
  }
}
