import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * The owner asks for a larger budget: recorded at once, held on the wallet by a later step
 * (FundBudgetRaise), whose answer RecordBudgetRaise records under `requestId`.
 */
export class RaiseCampaignBudget extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string; readonly requestId: string; readonly amountCents: number },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
