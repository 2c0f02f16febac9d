import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * Allocation reserves a lead on a campaign (its caps, targeting and status decide): the
 * purchase, unless capturing the price fails and ReleaseCampaignReservation gives it back.
 */
export class ReserveCampaignLead extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly leadId: string; readonly leadState: string; readonly priceCents: number },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
