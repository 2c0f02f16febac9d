import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { awaitStreamEvent } from '../../../../platform/processes/await-stream-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { CreateCampaign, type CreateCampaignAnswer } from './create-campaign.command.js';

/** How long an answer waits for the wallet to hold the budget before it says "being set up". */
export const FUNDING_WAIT_MS = 10_000;

@CommandHandler(CreateCampaign)
export class CreateCampaignHandler implements ICommandHandler<CreateCampaign, CreateCampaignAnswer> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: CreateCampaign): Promise<CreateCampaignAnswer> {
    const streamId = campaignStream(input.campaignId);
    await handleCommand({ store: this.store, streamId, decider: campaignDecider, command: { type: 'CreateCampaign', ...input }, context, idempotencyKey });
    const outcome = await awaitStreamEvent(this.store, streamId, {
      afterVersion: 0n,
      match: (event) => event.type === 'CampaignFunded' || event.type === 'CampaignFundingFailed',
      timeoutMs: FUNDING_WAIT_MS,
    });
    if (!outcome) return { campaignId: input.campaignId, status: 'funding' };
    if (outcome.type === 'CampaignFundingFailed') {
      throw new DomainError('CAMPAIGN_NOT_FUNDED', (outcome.data as { reason: string }).reason, 422, { campaignId: input.campaignId });
    }
    return { campaignId: input.campaignId, status: 'active' };
  }
}
