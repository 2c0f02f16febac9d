import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type CreatedLeadVendor = {
  readonly vendorId: string;
  readonly name: string;
  readonly keyPrefix: string;
  readonly apiKey: string;
  readonly sendsAgedLeads: boolean;
};

/** An admin lets a lead vendor post leads: a new API key, shown once; only its hash and first characters are kept. */
export class CreateLeadVendor extends Command<CreatedLeadVendor> {
  constructor(
    readonly input: { readonly name: string; readonly sendsAgedLeads: boolean },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
