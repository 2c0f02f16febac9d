import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadInput } from '../../domain/lead-input.js';

export type ReceivedLead = {
  readonly leadId: string;
  readonly status: 'accepted' | 'duplicate';
  readonly duplicateOf: string | null;
  readonly repeated: boolean;
};

export type ReceiveLeadsInput = { readonly vendorId: string; readonly leads: readonly LeadInput[] };

/**
 * Leads posted by a vendor (already validated): each is stored once per vendor's own id (a
 * retried post answers the lead it made), and a lead whose phone or e-mail was seen within the
 * duplicate window is stored as a duplicate of the earlier one and never offered for sale.
 * The leads' contacts are claimed and their LeadReceived events recorded in one transaction for
 * the whole post (through the outbox), so two identical leads posted at once make one lead for
 * sale and one duplicate. (An admin's CSV import stores its rows the same way, a batch at a time:
 * ImportAgedLeads.)
 */
export class ReceiveLeads extends Command<ReceivedLead[]> {
  constructor(
    readonly input: ReceiveLeadsInput,
    /** The vendor itself (a system actor) for its posts. */
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
