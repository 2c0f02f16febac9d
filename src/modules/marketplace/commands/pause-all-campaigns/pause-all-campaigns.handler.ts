import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { PauseCampaign } from '../pause-campaign/pause-campaign.command.js';
import { PauseAllCampaigns } from './pause-all-campaigns.command.js';

@CommandHandler(PauseAllCampaigns)
export class PauseAllCampaignsHandler implements ICommandHandler<PauseAllCampaigns, { paused: number }> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { ownerId }, context, idempotencyKey }: PauseAllCampaigns): Promise<{ paused: number }> {
    const { rows } = await this.pool.query<{ campaign_id: string }>(
      `SELECT campaign_id FROM rm_campaigns WHERE owner_id = $1 AND status = 'active' ORDER BY created_at`,
      [ownerId],
    );
    let paused = 0;
    for (const { campaign_id: campaignId } of rows) {
      const answer = await this.commands.execute(new PauseCampaign({ campaignId, ownerId }, context, `${idempotencyKey}:${campaignId}`));
      if (answer.paused) paused += 1;
    }
    return { paused };
  }
}
