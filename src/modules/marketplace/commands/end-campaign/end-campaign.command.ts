import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * Ends a campaign for good; what is left of its budget goes back to the wallet in a later
 * step (ReleaseCampaignBudget).
 */
export class EndCampaign extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly ownerId: string; readonly reason: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
