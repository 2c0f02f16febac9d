import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { leadStream } from '../../contracts/lead-events.js';
import { leadDecider } from '../../domain/lead.decider.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { RequestLeadReturn } from './request-lead-return.command.js';

@CommandHandler(RequestLeadReturn)
export class RequestLeadReturnHandler implements ICommandHandler<RequestLeadReturn, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  async execute({ input, context, idempotencyKey }: RequestLeadReturn): Promise<void> {
    // An aged purchase has no campaign; a lead the agent does not own is the decider's 404.
    const { rows } = await this.pool.query<{ campaign_id: string | null }>('SELECT campaign_id FROM rm_owned_leads WHERE lead_id = $1 AND owner_id = $2', [
      input.leadId,
      input.ownerId,
    ]);
    if (rows[0] && rows[0].campaign_id === null) throw new ApiError(409, 'AGED_NOT_RETURNABLE', 'Aged leads are sold as they are and cannot be returned.');
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
