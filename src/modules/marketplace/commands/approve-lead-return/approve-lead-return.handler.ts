import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { leadStream } from '../../contracts/lead-events.js';
import { leadDecider } from '../../domain/lead.decider.js';
import { leadOfReturn } from '../../services/lead-returns.js';
import { ApproveLeadReturn } from './approve-lead-return.command.js';

@CommandHandler(ApproveLeadReturn)
export class ApproveLeadReturnHandler implements ICommandHandler<ApproveLeadReturn, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, context, idempotencyKey }: ApproveLeadReturn): Promise<void> {
    const leadId = await leadOfReturn(this.pool, input.returnId);
    await handleCommand({
      store: this.store,
      streamId: leadStream(leadId),
      decider: leadDecider,
      command: { type: 'ReviewReturn', leadId, returnId: input.returnId, reviewerId: input.reviewerId, approve: true, reason: '' },
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}
