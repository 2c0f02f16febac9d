import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An admin revokes a vendor's key: from this commit on it posts nothing. Revoking twice changes nothing. */
export class RevokeLeadVendor extends Command<void> {
  constructor(
    readonly input: { readonly vendorId: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
