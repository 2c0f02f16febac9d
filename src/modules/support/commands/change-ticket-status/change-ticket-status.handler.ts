import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { CONFIG, EVENT_STORE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import type { TicketStatus } from '../../contracts/ticket-values.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import type { SupportConfig } from '../../support.config.js';
import { ChangeTicketStatus } from './change-ticket-status.command.js';

/** Any status in any order; a comment lands in the admin notes, which the answer carries. */
@CommandHandler(ChangeTicketStatus)
export class ChangeTicketStatusHandler implements ICommandHandler<ChangeTicketStatus, { adminNotes: string; status: TicketStatus }> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  async execute({ input, context }: ChangeTicketStatus): Promise<{ adminNotes: string; status: TicketStatus }> {
    const { state } = await handleCommand({
      store: this.store,
      streamId: ticketStream(input.ticketId),
      decider: ticketDecider,
      command: {
        type: 'ChangeTicketStatus',
        adminId: context.actor.id,
        status: input.status,
        comment: input.comment,
        timeZone: this.config.orgTimeZone,
        slaPolicy: this.config.slaPolicy,
      },
      context,
    });
    return state.exists ? { adminNotes: state.adminNotes, status: state.status } : { adminNotes: '', status: input.status };
  }
}
