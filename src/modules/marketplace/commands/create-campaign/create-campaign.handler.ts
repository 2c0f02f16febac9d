import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { awaitStreamEvent } from '../../../../platform/processes/await-stream-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream, type LeadSource, type Targeting } from '../../contracts/campaign-events.js';
import { DecideCampaign } from '../change-campaign/change-campaign.handler.js';

/** How long an answer waits for the wallet to hold the budget before it says "being set up". */
export const FUNDING_WAIT_MS = 10_000;

export type CreateCampaignInput = {
  readonly campaignId: string;
  readonly ownerId: string;
  readonly name: string;
  readonly source: LeadSource;
  readonly tier: string;
  readonly budgetCents: number;
  readonly targeting: Targeting;
};

export type CreateCampaignAnswer = { readonly campaignId: string; readonly status: 'active' | 'funding' };

/**
 * Creates a campaign and answers once its owner's wallet has held the budget: 'active', or the
 * wallet's refusal as a 422 in the spec's words (the campaign then never runs). The hold is a
 * later step of the process, started from the stored CampaignCreated; an answer that waited
 * too long says 'funding' and the campaign list shows the outcome when it comes.
 */
export class CreateCampaign extends Command<CreateCampaignAnswer> {
  constructor(
    readonly input: CreateCampaignInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

@CommandHandler(CreateCampaign)
export class CreateCampaignHandler implements ICommandHandler<CreateCampaign, CreateCampaignAnswer> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input, context, idempotencyKey }: CreateCampaign): Promise<CreateCampaignAnswer> {
    await this.commands.execute(new DecideCampaign({ type: 'CreateCampaign', ...input }, context, idempotencyKey));
    const outcome = await awaitStreamEvent(this.store, campaignStream(input.campaignId), {
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
