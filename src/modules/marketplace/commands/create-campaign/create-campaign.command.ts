import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadSource, Targeting } from '../../contracts/campaign-events.js';

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
 * later step of the process (FundCampaign), started from the stored CampaignCreated; an answer
 * that waited too long says 'funding' and the campaign list shows the outcome when it comes.
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
