import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { targetingFor } from '../../services/campaign-requests.js';
import { ChangeCampaignSettings, type ChangeCampaignSettingsAnswer } from './change-campaign-settings.command.js';

@CommandHandler(ChangeCampaignSettings)
export class ChangeCampaignSettingsHandler implements ICommandHandler<ChangeCampaignSettings, ChangeCampaignSettingsAnswer> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Pick<MarketplaceConfig, 'orgTimeZone'>,
  ) {}

  async execute({ input, context, idempotencyKey }: ChangeCampaignSettings): Promise<ChangeCampaignSettingsAnswer> {
    const { campaignId, ownerId, name } = input;
    // Saving moves the campaign to its owner's zone of now (stored with it; allocation decides in it).
    const targeting = await targetingFor(this.pool, ownerId, input.targeting, await agentTimeZone(this.pool, ownerId, this.config.orgTimeZone));
    await handleCommand({
      store: this.store,
      streamId: campaignStream(campaignId),
      decider: campaignDecider,
      command: { type: 'ChangeSettings', campaignId, ownerId, name, targeting },
      context,
      idempotencyKey,
    });
    return { campaignId, name: name.trim(), targeting };
  }
}
