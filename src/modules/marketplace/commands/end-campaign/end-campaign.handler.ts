import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { EndCampaign } from './end-campaign.command.js';

@CommandHandler(EndCampaign)
export class EndCampaignHandler implements ICommandHandler<EndCampaign, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: EndCampaign): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: campaignStream(input.campaignId),
      decider: campaignDecider,
      command: { type: 'EndCampaign', ...input },
      context,
      idempotencyKey,
    });
  }
}
