import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type ChangedLeadVendor = { readonly vendorId: string; readonly sendsAgedLeads: boolean };

/** An admin changes a vendor's settings: whether it may post aged leads to the intake. Setting what is already set changes nothing. */
export class ChangeLeadVendor extends Command<ChangedLeadVendor> {
  constructor(
    readonly input: { readonly vendorId: string; readonly sendsAgedLeads: boolean },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
