import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** Raised: the wallet holds the larger budget. Requested: the wallet has not answered yet (it will, on the campaign). */
export type RaiseCampaignBudgetAnswer = { readonly status: 'raised' | 'requested' };

/**
 * The owner asks for a larger budget: recorded at once, held on the wallet by a later step
 * (FundBudgetRaise), whose answer RecordBudgetRaise records under `requestId`. The answer waits
 * for that outcome, so the owner is told "raised" or why not, not "requested" and then nothing.
 */
export class RaiseCampaignBudget extends Command<RaiseCampaignBudgetAnswer> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string; readonly requestId: string; readonly amountCents: number },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
