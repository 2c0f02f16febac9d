import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { leadStream } from '../../contracts/lead-events.js';
import { leadDecider } from '../../domain/lead.decider.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { refuseAgedReturn } from '../../services/lead-returns.js';
import { RequestLeadReturn } from './request-lead-return.command.js';

@CommandHandler(RequestLeadReturn)
export class RequestLeadReturnHandler implements ICommandHandler<RequestLeadReturn, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  async execute({ input, context, idempotencyKey }: RequestLeadReturn): Promise<void> {
    await refuseAgedReturn(this.pool, input.leadId, input.ownerId);
    await handleCommand({
      store: this.store,
      streamId: leadStream(input.leadId),
      decider: leadDecider,
      command: { type: 'RequestReturn', ...input, windowDays: this.config.leads.returnDays },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}
