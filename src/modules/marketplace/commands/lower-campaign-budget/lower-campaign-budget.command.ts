import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * The owner lowers a campaign's budget by `amountCents`, never below what its hold has already
 * captured: lowered at once, and a later step (ReleaseLoweredBudget) releases the money.
 */
export class LowerCampaignBudget extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string; readonly amountCents: number },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
