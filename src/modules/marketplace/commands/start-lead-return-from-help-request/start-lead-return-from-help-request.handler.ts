import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { HELP_REQUEST_NOT_FOUND, helpRequestAbout } from '../../../support/contracts/help-requests.js';
import { leadStream } from '../../contracts/lead-events.js';
import { leadDecider } from '../../domain/lead.decider.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { refuseAgedReturn } from '../../services/lead-returns.js';
import { StartLeadReturnFromHelpRequest } from './start-lead-return-from-help-request.command.js';

@CommandHandler(StartLeadReturnFromHelpRequest)
export class StartLeadReturnFromHelpRequestHandler implements ICommandHandler<StartLeadReturnFromHelpRequest, { leadId: string }> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  async execute({ input, context, idempotencyKey }: StartLeadReturnFromHelpRequest): Promise<{ leadId: string }> {
    const ticket = await helpRequestAbout(this.store, input.ticketId);
    if (!ticket) throw new DomainError('TICKET_NOT_FOUND', HELP_REQUEST_NOT_FOUND, 404);
    if (ticket.reference?.kind !== 'lead') throw new DomainError('NOT_ABOUT_A_LEAD', 'This help request is not about a lead.', 409);
    // An admin who also buys leads does not return their own: another admin does.
    if (ticket.userId === context.actor.id) throw new DomainError('OWN_LEAD_RETURN', 'Another admin starts the return of a lead you bought.', 403);
    const leadId = ticket.reference.id;
    await refuseAgedReturn(this.pool, leadId, ticket.userId);
    await handleCommand({
      store: this.store,
      streamId: leadStream(leadId),
      decider: leadDecider,
      command: {
        type: 'RequestReturn',
        leadId,
        returnId: input.returnId,
        ownerId: ticket.userId,
        reason: input.reason,
        comment: input.comment,
        windowDays: this.config.leads.returnDays,
        ticketId: ticket.ticketId,
        askedAt: ticket.submittedAt,
      },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
    return { leadId };
  }
}
