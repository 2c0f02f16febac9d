import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadState } from '../../domain/lead.decider.js';

/**
 * Allocation offers a lead to campaigns at one price, as many at once as its tier has places
 * left. Answers the lead's state after.
 */
export class OfferLead extends Command<LeadState> {
  constructor(
    readonly input: {
      readonly leadId: string;
      readonly offers: readonly { campaignId: string; ownerId: string }[];
      readonly priceCents: number;
      readonly maxBuyers: number;
    },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
