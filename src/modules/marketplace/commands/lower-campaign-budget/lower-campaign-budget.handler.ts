import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { capturedCents } from '../../../wallet/contracts/wallet-holds.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { LowerCampaignBudget } from './lower-campaign-budget.command.js';

@CommandHandler(LowerCampaignBudget)
export class LowerCampaignBudgetHandler implements ICommandHandler<LowerCampaignBudget, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, context, idempotencyKey }: LowerCampaignBudget): Promise<void> {
    // The campaign's hold has the campaign's id; what it captured was spent and stays in the budget.
    const spentCents = await capturedCents(this.pool, input.campaignId);
    await handleCommand({
      store: this.store,
      streamId: campaignStream(input.campaignId),
      decider: campaignDecider,
      command: { type: 'LowerBudget', ...input, spentCents },
      context,
      idempotencyKey,
    });
  }
}
