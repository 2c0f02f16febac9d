import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadState, OfferOutcome, PassedOver } from '../../domain/lead.decider.js';

/**
 * Allocation records what became of a lead's offers (sold, or declined with the reason), and
 * with `finish` ends the allocation. Answers the lead's state after.
 */
export class SettleLeadOffers extends Command<LeadState> {
  constructor(
    readonly input: { readonly leadId: string; readonly outcomes: readonly OfferOutcome[]; readonly finish: null | { passedOver: readonly PassedOver[] } },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
