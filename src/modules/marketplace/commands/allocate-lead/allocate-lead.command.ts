import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadEvent } from '../../contracts/lead-events.js';

export type LeadReceivedEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadReceived' }>;

/**
 * Sells a received lead to the campaigns that want it. A process step started from the stored
 * LeadReceived (input is its data); each of its own steps is keyed by the lead.
 */
export class AllocateLead extends Command<void> {
  constructor(
    readonly input: LeadReceivedEvent['data'],
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
