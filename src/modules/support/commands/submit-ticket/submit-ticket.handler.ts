import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { SqlPool } from '../../../../platform/persistence/sql.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import { referenceOf } from '../../services/ticket-references.js';
import type { SupportConfig } from '../../support.config.js';
import { SubmitTicket } from './submit-ticket.command.js';

/** Opens the ticket To Do on its own stream (with the item it is about, checked to be the agent's) and answers its id, for the uploads that follow. */
@CommandHandler(SubmitTicket)
export class SubmitTicketHandler implements ICommandHandler<SubmitTicket, { ticketId: string }> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: SupportConfig,
    @Inject(SQL_POOL) private readonly pool: SqlPool,
  ) {}

  async execute({ input, context, idempotencyKey }: SubmitTicket): Promise<{ ticketId: string }> {
    const { reference: item, ticketId, ...fields } = input;
    // The item as the agent's own screens name it: times in their zone.
    const reference = item
      ? await referenceOf(this.pool, context.actor.id, item, await agentTimeZone(this.pool, context.actor.id, this.config.orgTimeZone))
      : undefined;
    await handleCommand({
      store: this.store,
      streamId: ticketStream(ticketId),
      decider: ticketDecider,
      command: { type: 'SubmitTicket', ticketId, userId: context.actor.id, ...fields, slaPolicy: this.config.slaPolicy, reference },
      context,
      idempotencyKey,
    });
    return { ticketId };
  }
}
