import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * Allocation gives back a lead it reserved on a campaign whose hold could not pay for it.
 */
export class ReleaseCampaignReservation extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly leadId: string; readonly reason: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
