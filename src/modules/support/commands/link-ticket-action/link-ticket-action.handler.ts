import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import { LinkTicketAction } from './link-ticket-action.command.js';

@CommandHandler(LinkTicketAction)
export class LinkTicketActionHandler implements ICommandHandler<LinkTicketAction, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: LinkTicketAction): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: ticketStream(input.ticketId),
      decider: ticketDecider,
      command: { type: 'LinkAction', action: input.action },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}
