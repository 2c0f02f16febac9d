import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { ResumeCampaign } from './resume-campaign.command.js';

@CommandHandler(ResumeCampaign)
export class ResumeCampaignHandler implements ICommandHandler<ResumeCampaign, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: ResumeCampaign): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: campaignStream(input.campaignId),
      decider: campaignDecider,
      command: { type: 'SetActive', ...input, active: true },
      context,
      idempotencyKey,
    });
  }
}
