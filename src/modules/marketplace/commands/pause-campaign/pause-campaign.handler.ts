import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { PauseCampaign } from './pause-campaign.command.js';

@CommandHandler(PauseCampaign)
export class PauseCampaignHandler implements ICommandHandler<PauseCampaign, { readonly paused: boolean }> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: PauseCampaign): Promise<{ readonly paused: boolean }> {
    const { stored } = await handleCommand({
      store: this.store,
      streamId: campaignStream(input.campaignId),
      decider: campaignDecider,
      command: { type: 'SetActive', ...input, active: false },
      context,
      idempotencyKey,
    });
    return { paused: stored.length > 0 };
  }
}
