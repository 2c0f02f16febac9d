import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadEvent } from '../../contracts/lead-events.js';

export type LeadReturnApprovedEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadReturnApproved' }>;

/**
 * The wallet's side of an approved return: the lead's price back to the buyer, once. A process
 * step started from the stored LeadReturnApproved, keyed by its id.
 */
export class CreditApprovedReturn extends Command<void> {
  constructor(
    readonly input: LeadReturnApprovedEvent['data'],
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
