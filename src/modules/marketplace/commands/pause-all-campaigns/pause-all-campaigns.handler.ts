import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { DecideCampaign } from '../change-campaign/change-campaign.handler.js';

/**
 * Pause All on /campaigns: each of the owner's running campaigns is paused by its own
 * command on its own stream (pausing one that is already paused stores nothing), so a retry
 * after a partial failure finishes the rest. Answers how many were paused.
 */
export class PauseAllCampaigns extends Command<{ paused: number }> {
  constructor(
    readonly ownerId: string,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

@CommandHandler(PauseAllCampaigns)
export class PauseAllCampaignsHandler implements ICommandHandler<PauseAllCampaigns, { paused: number }> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ ownerId, context, idempotencyKey }: PauseAllCampaigns): Promise<{ paused: number }> {
    const { rows } = await this.pool.query<{ campaign_id: string }>(
      `SELECT campaign_id FROM rm_campaigns WHERE owner_id = $1 AND status = 'active' ORDER BY created_at`,
      [ownerId],
    );
    let paused = 0;
    for (const { campaign_id: campaignId } of rows) {
      const answer = await this.commands.execute(
        new DecideCampaign({ type: 'SetActive', campaignId, ownerId, active: false }, context, `${idempotencyKey}:${campaignId}`),
      );
      if (answer.stored.length > 0) paused += 1;
    }
    return { paused };
  }
}
